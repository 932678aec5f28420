import { describe, expect, it } from "vitest";
import { messageEventDataSchema, webhookEventSchema } from "./schemas";

// The platform's documented delivery ("Handling requests": the body of the POST), field for field.
// It has no top-level `created`.
const DOCUMENTED_DELIVERY = {
  id: "Y2lzY29zcGFyazovL3VzL1dFQkhPT0svZjRlNjA1NjAtNjYwMi00ZmIwLWEyNWEtOTQ5ODgxNjA5NDk3",
  name: "New message in 'Project Unicorn' room",
  resource: "messages",
  event: "created",
  filter: "roomId=Y2lzY29zcGFyazovL3VzL1JPT00vYmJjZWIxYWQtNDNmMS0zYjU4LTkxNDctZjE0YmIwYzRkMTU0",
  orgId: "OTZhYmMyYWEtM2RjYy0xMWU1LWExNTItZmUzNDgxOWNkYzlh",
  createdBy: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
  appId: "Y2lzY29zcGFyazovL3VzL0FQUExJQ0FUSU9OL0MyNzljYjMwYzAyOTE4MGJiNGJkYWViYjA2MWI3OTY1Y2RhMzliNjAyOTdjODUwM2YyNjZhYmY2NmM5OTllYzFm",
  ownedBy: "creator",
  status: "active",
  actorId: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
  data: {
    id: "Y2lzY29zcGFyazovL3VzL01FU1NBR0UvOTJkYjNiZTAtNDNiZC0xMWU2LThhZTktZGQ1YjNkZmM1NjVk",
    roomId: "Y2lzY29zcGFyazovL3VzL1JPT00vYmJjZWIxYWQtNDNmMS0zYjU4LTkxNDctZjE0YmIwYzRkMTU0",
    personId: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
    personEmail: "matt@example.com",
    created: "2015-10-18T14:26:16.000Z",
  },
};

describe("a platform webhook delivery", () => {
  it("accepts the documented envelope, which has no top-level created", () => {
    const event = webhookEventSchema.parse(DOCUMENTED_DELIVERY);
    expect(messageEventDataSchema.parse(event.data)).toMatchObject({ roomId: DOCUMENTED_DELIVERY.data.roomId, personEmail: "matt@example.com" });
  });

  it("needs only what every delivery carries: id, name, resource, event and data.id", () => {
    const { id, name, resource, event, data } = DOCUMENTED_DELIVERY;
    expect(webhookEventSchema.safeParse({ id, name, resource, event, data: { id: data.id } }).success).toBe(true);
    for (const field of ["id", "name", "resource", "event", "data"] as const) {
      const { [field]: _, ...without } = DOCUMENTED_DELIVERY;
      expect(webhookEventSchema.safeParse(without).success, field).toBe(false);
    }
    expect(webhookEventSchema.safeParse({ ...DOCUMENTED_DELIVERY, data: {} }).success).toBe(false);
  });
});
