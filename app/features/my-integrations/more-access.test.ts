import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "~/models/permissions";
import { addedPermissions, permissionViews } from "./more-access";

describe("addedPermissions", () => {
  it("lists what the current version asks for beyond what was asked at Connect, in the current order", () => {
    const recorded = ["spark:people_read", "spark:rooms_read"];
    const current = ["spark:messages_write", "spark:people_read", "spark-admin:people_read", "spark:rooms_read", "spark:messages_read"];
    expect(addedPermissions(recorded, current)).toEqual(["spark:messages_write", "spark-admin:people_read", "spark:messages_read"]);
  });

  it("is empty when nothing was added: the same, fewer, or reordered", () => {
    const recorded = ["spark:people_read", "spark:rooms_read", "spark:messages_read"];
    expect(addedPermissions(recorded, recorded)).toEqual([]);
    expect(addedPermissions(recorded, ["spark:rooms_read"])).toEqual([]);
    expect(addedPermissions(recorded, [...recorded].reverse())).toEqual([]);
    expect(addedPermissions(recorded, [])).toEqual([]);
  });

  it("ignores keys outside the hub's vocabulary, on either side", () => {
    expect(addedPermissions(["spark:people_read", "vendor:mystery"], ["spark:people_read", "spark:unheard_of", "spark:teams_read"])).toEqual(["spark:teams_read"]);
  });

  it("lists a key once even if the catalogue repeats it", () => {
    expect(addedPermissions([], ["spark:teams_read", "spark:teams_read"])).toEqual(["spark:teams_read"]);
  });

  it("says nothing when what was asked at Connect is not known (a row from before it was kept)", () => {
    expect(addedPermissions(null, ["spark:people_read", "spark:all"])).toEqual([]);
  });

  it("counts everything as added when nothing was asked at Connect", () => {
    expect(addedPermissions([], ["spark:people_read", "spark:all"])).toEqual(["spark:people_read", "spark:all"]);
  });
});

describe("permissionViews", () => {
  it("gives each key its plain words and group", () => {
    expect(permissionViews(["spark:all", "spark:people_read"])).toEqual([
      { key: "spark:all", label: PERMISSIONS["spark:all"].label, group: "admin" },
      { key: "spark:people_read", label: PERMISSIONS["spark:people_read"].label, group: "read" },
    ]);
  });
});
