// An average rating in a line: "★ 4.3 (12)", read out as "Rated 4.3 out of 5 by 12 people"; "No
// ratings yet" without any.
import * as s from "./RatingStars.css";

export const ratingWords = (average: number, count: number) => `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? "person" : "people"}`;

export function RatingStars({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return <span className={s.none}>No ratings yet</span>;
  return (
    <span className={s.rating}>
      <span aria-hidden="true">
        <span className={s.star}>★</span> {average.toFixed(1)} ({count})
      </span>
      <span data-visually-hidden="">{ratingWords(average, count)}</span>
    </span>
  );
}
