import { describe, expect, it } from "vitest";
import {
  ANNOUNCEMENT_COOKIE,
  canCloseBanner,
  isBannerVisible,
  isModalVisible,
  MODAL_COOKIE_PREFIX,
  modalCookieName,
  modalPublishTime,
  parseTime,
  storedTimeValue,
} from "./visibility";
import { cookiesOf } from "~/lib/cookie-header";

const PUBLISHED = "2025-03-10T09:00:00.000Z";
const BEFORE = "2025-03-09T09:00:00.000Z";
const AFTER = "2025-03-11T09:00:00.000Z";
const entry = (time: string | null = PUBLISHED) => ({ publishDetails: time === null ? null : { time, version: "v7" }, isClosable: true });

describe("parseTime", () => {
  it("reads ISO times with a zone", () => {
    expect(parseTime(PUBLISHED)).toBe(Date.UTC(2025, 2, 10, 9));
    expect(parseTime("2025-03-10T10:00:00+01:00")).toBe(Date.UTC(2025, 2, 10, 9));
    expect(parseTime("2025-03-10T09:00Z")).toBe(Date.UTC(2025, 2, 10, 9));
  });

  it("reads a percent-encoded cookie value", () => {
    expect(parseTime(encodeURIComponent(PUBLISHED))).toBe(Date.UTC(2025, 2, 10, 9));
  });

  it.each([null, undefined, "", "true", "1", "March 3 2025", "2025-03-10", "2025-03-10T09:00:00", "2025-13-45T99:00:00Z", "%E0%A4%A", "2025-03-10T09:00:00.000Z; x"])(
    "treats %j as no time",
    (value) => {
      expect(parseTime(value)).toBeNull();
    },
  );
});

describe("announcement banner (spec §4)", () => {
  it("is hidden when there is no entry or no publish details", () => {
    expect(isBannerVisible(null, null)).toBe(false);
    expect(isBannerVisible(undefined, null)).toBe(false);
    expect(isBannerVisible(entry(null), null)).toBe(false);
    expect(isBannerVisible({ publishDetails: { time: "" } }, null)).toBe(false);
    expect(isBannerVisible({ publishDetails: { time: "not a time" } }, null)).toBe(false);
  });

  it("is shown when the person has no hide cookie", () => {
    expect(isBannerVisible(entry(), null)).toBe(true);
    expect(isBannerVisible(entry(), undefined)).toBe(true);
  });

  it("is hidden when the publish time is before the stored time", () => {
    expect(isBannerVisible(entry(BEFORE), PUBLISHED)).toBe(false);
  });

  it("is hidden when the publish time equals the stored time (not later)", () => {
    expect(isBannerVisible(entry(), PUBLISHED)).toBe(false);
    // The same instant in another spelling is still equal.
    expect(isBannerVisible(entry("2025-03-10T10:00:00+01:00"), PUBLISHED)).toBe(false);
  });

  it("is shown again when the publish time is later than the stored time", () => {
    expect(isBannerVisible(entry(AFTER), PUBLISHED)).toBe(true);
    expect(isBannerVisible(entry("2025-03-10T09:00:00.001Z"), PUBLISHED)).toBe(true);
  });

  it.each(["", "true", "garbage", "%%%", "2025-03-10", "1741597200000"])("is shown when the cookie is garbled (%j)", (cookie) => {
    expect(isBannerVisible(entry(), cookie)).toBe(true);
  });

  it("offers Close only for closable entries", () => {
    expect(canCloseBanner({ isClosable: true })).toBe(true);
    expect(canCloseBanner({ isClosable: false })).toBe(false);
    expect(canCloseBanner(null)).toBe(false);
  });

  it("closing stores a value that hides that same banner", () => {
    const stored = storedTimeValue("2025-03-10T10:00:00+01:00")!;
    expect(stored).toBe(PUBLISHED);
    expect(isBannerVisible(entry(), stored)).toBe(false);
    expect(isBannerVisible(entry(AFTER), stored)).toBe(true);
    expect(storedTimeValue("yesterday")).toBeNull();
  });
});

describe("modals (spec §4)", () => {
  const modal = (time: string | null = PUBLISHED, id = "welcome-2025") => ({
    modal_id: id,
    publish_details: time === null ? [] : [{ time }, { time: "2020-01-01T00:00:00Z" }],
  });
  const jar = (entries: Record<string, string>) => new Map(Object.entries(entries));

  it("uses the first publish_details entry", () => {
    expect(modalPublishTime(modal())).toBe(PUBLISHED);
    expect(modalPublishTime(modal(null))).toBeNull();
    expect(modalPublishTime({ modal_id: "a" })).toBeNull();
  });

  it("is visible when no cookie exists for its modal_id", () => {
    expect(isModalVisible(modal(), jar({}))).toBe(true);
    expect(isModalVisible(modal(), jar({ [modalCookieName("another")]: AFTER }))).toBe(true);
  });

  it("is hidden when its publish time is before or equal to the cookie time", () => {
    expect(isModalVisible(modal(BEFORE), jar({ hd_modal_welcome_2025: PUBLISHED, [modalCookieName("welcome-2025")]: PUBLISHED }))).toBe(false);
    expect(isModalVisible(modal(), jar({ [modalCookieName("welcome-2025")]: PUBLISHED }))).toBe(false);
  });

  it("is visible again when its publish time is later than the cookie time", () => {
    expect(isModalVisible(modal(AFTER), jar({ [modalCookieName("welcome-2025")]: PUBLISHED }))).toBe(true);
  });

  it("is visible when its cookie is garbled", () => {
    expect(isModalVisible(modal(), jar({ [modalCookieName("welcome-2025")]: "oops" }))).toBe(true);
  });

  it("is not shown without a publish time (closing it could not be remembered)", () => {
    expect(isModalVisible(modal(null), jar({}))).toBe(false);
  });

  it("names cookies by modal id under one prefix, encoding ids that are not cookie-name safe", () => {
    expect(modalCookieName("welcome-2025")).toBe(`${MODAL_COOKIE_PREFIX}welcome-2025`);
    const odd = modalCookieName("new; feature=1");
    expect(odd.startsWith(MODAL_COOKIE_PREFIX)).toBe(true);
    expect(odd).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(odd).not.toBe(modalCookieName("new feature=1"));
  });
});

describe("parseCookieHeader", () => {
  it("splits a Cookie header, first value wins, ignores junk", () => {
    const c = cookiesOf(`a=1; ${ANNOUNCEMENT_COOKIE}=${PUBLISHED}; junk; =x; a=2`);
    expect(c.get("a")).toBe("1");
    expect(c.get(ANNOUNCEMENT_COOKIE)).toBe(PUBLISHED);
    expect(c.size).toBe(2);
    expect(cookiesOf(null).size).toBe(0);
  });
});
