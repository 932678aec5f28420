// The error screens (spec §2.5): not found, internal server error, time-out, unsupported browser.
import { Link } from "@remix-run/react";
import { buttonStyles } from "./Button.css";
import * as s from "./ErrorPage.css";

type ErrorPageProps = { status: number; title: string; message: string };

export function ErrorPage({ status, title, message }: ErrorPageProps) {
  return (
    <div className={s.page}>
      <p className={s.code}>{status}</p>
      <h1 className={s.title}>{title}</h1>
      <p className={s.message}>{message}</p>
      <Link to="/" className={`${buttonStyles.primary} ${s.action}`}>
        Return Home
      </Link>
    </div>
  );
}
