import { describe, expect, it } from "vitest";
import { canonicalUrl, findCacheableRoute } from "./cacheable-routes";

const ROUTE_IDS = new Set(["root", "routes/_nav", "routes/_nav.$list.($category)", "routes/_index"]);
const canonical = (path: string) => {
  const url = canonicalUrl(new URL(`https://apphub.example${path}`), ROUTE_IDS);
  return url ? url.pathname + url.search : null;
};

describe("canonicalUrl", () => {
  it.each([
    // Unknown and tracking parameters are dropped.
    ["/bots?x=1", "/bots"],
    ["/bots?utm_source=a&utm_medium=b&utm_campaign=c&fbclid=d&gclid=e", "/bots"],
    ["/?edge=1", "/"],
    // Defaults and malformed values mean what the route makes of them.
    ["/bots?page=1", "/bots"],
    ["/bots?page=abc&from=-2&sort=sideways", "/bots"],
    ["/bots?page=0002", "/bots?page=2"],
    ["/bots?page=3&from=3", "/bots?from=3&page=3"],
    ["/bots?page=3&from=1", "/bots?page=3"],
    ["/bots?page=3&from=9", "/bots?from=3&page=3"],
    ["/bots?page=30&from=1", "/bots?page=30"],
    ["/bots?page=30&from=25", "/bots?from=25&page=30"],
    ["/bots?sort=relevance", "/bots"],
    ["/bots?sort=a-z&sort=z-a", "/bots?sort=a-z"],
    // A fixed order, whatever the order in the address.
    ["/brand-new?sort=z-a&page=2", "/brand-new?page=2&sort=z-a"],
    ["/meetings/whiteboard?page=2&zz=1", "/meetings/whiteboard?page=2"],
    ["/category/crm?sort=a-z&x=1", "/category/crm?sort=a-z"],
    // Paths as Remix matches them.
    ["/bots/", "/bots"],
    ["/b%6Fts?x=1", "/bots"],
    ["/SEARCH?q=x", "/search?q=x"],
    ["/Category/crm", "/category/crm"],
    // Search: the text as the page reads it, filters only when they are choices.
    ["/search?q=++poll+++bot+&x=1", "/search?q=poll+bot"],
    ["/search?q=", "/search"],
    ["/search?q=poll&type=robot&product=moon&category=No%20Slug&sort=sideways", "/search?q=poll"],
    ["/search?category=crm&product=meetings&type=bot&sort=relevance&q=x", "/search?category=crm&product=meetings&q=x&sort=relevance&type=bot"],
    // Issue 15's filters: repeatable values de-duplicated and sorted, bad ones dropped, in their place.
    ["/bots?region=us&certification=iso-27001&region=eu&certification=hipaa&region=us", "/bots?certification=hipaa&certification=iso-27001&region=eu&region=us"],
    ["/bots?certification=nope&region=mars&ai=maybe&freshness=old&verified=yes&rating=5", "/bots"],
    ["/bots?verified=1&rating=4&ai=training&ai=none&freshness=deprecated&sort=rating", "/bots?ai=none&ai=training&freshness=deprecated&rating=4&sort=rating&verified=1"],
    ["/bots?rating=3&rating=4&verified=1&verified=0", "/bots?rating=3&verified=1"],
    ["/bots?rating=&ai=&page=2", "/bots?page=2"],
    ["/meetings/whiteboard?certification=fedramp&x=1", "/meetings/whiteboard?certification=fedramp"],
    ["/category/crm?region=br&region=xx", "/category/crm?region=br"],
    ["/coming-soon?freshness=stale", "/coming-soon?freshness=stale"],
    ["/search?q=poll&certification=hipaa&certification=hipaa&rating=2&verified=true", "/search?certification=hipaa&q=poll&rating=2"],
    // The JSON APIs: valid values canonical, invalid ones kept (the route answers 400 for them).
    ["/api/search?certification=iso-27001,hipaa&certification=hipaa", "/api/search?certification=hipaa%2Ciso-27001"],
    ["/api/search?dataRegion=eu&aiUse=none&freshness=stale,active&sortBy=rating", "/api/search?aiUse=none&dataRegion=eu&freshness=active%2Cstale&sortBy=rating"],
    ["/api/search?certification=soc2", "/api/search?certification=soc2"],
    ["/api/search?verifiedPublisher=false&includeDeprecated=false", "/api/search"],
    ["/api/search?verifiedPublisher=true&includeDeprecated=true&minRating=4.50", "/api/search?includeDeprecated=true&minRating=4.5&verifiedPublisher=true"],
    ["/api/search?minRating=6", "/api/search?minRating=6"],
    ["/api/search?verifiedPublisher=yes", "/api/search?verifiedPublisher=yes"],
    ["/api/search?max=05&offset=0&x=1", "/api/search?max=5"],
    ["/api/search?max=5&max=7", "/api/search?max=7"],
    ["/api/search?max=0", "/api/search?max=0"],
    ["/api/search?sortBy=date&orderBy=desc", "/api/search?orderBy=desc"],
    ["/api/search?sortBy=bogus", "/api/search"],
    ["/api/search?sortBy=%3Cscript%3E", "/api/search?sortBy=%3Cscript%3E"],
    ["/api/search?productType=teams,meetings&productType=meetings", "/api/search?productType=meetings%2Cteams"],
    ["/api/search?productType=all", "/api/search?productType=calling%2Ccontact_center%2Cmeetings%2Crooms%2Cteams"],
    ["/api/search?productType=nope", "/api/search?productType=nope"],
    ["/api/search?searchQuery=+poll+&appType=bot", "/api/search?appType=bot&searchQuery=poll"],
    ["/api/suggest?q=+po+&_=123", "/api/suggest?q=po"],
    ["/api/fetch-must-try-collection?max=3&foo=bar", "/api/fetch-must-try-collection?max=3"],
    ["/api/fetch-all-categories?cb=1", "/api/fetch-all-categories"],
    ["/getImage?imageUrl=HTTP://Images.Example.com/a.png&x=1", "/getImage?imageUrl=http%3A%2F%2Fimages.example.com%2Fa.png"],
    ["/applications/poll-bot?ref=x", "/applications/poll-bot"],
    ["/robots.txt?x", "/robots.txt"],
    // Single fetch: only real route ids, sorted, in _routes; the path keeps its .data.
    ["/bots.data?_routes=routes/_nav.$list.($category),root&x=1", "/bots.data?_routes=root%2Croutes%2F_nav.%24list.%28%24category%29"],
    ["/bots.data?_routes=junk", "/bots.data?_routes="],
    ["/bots.data?page=2&index", "/bots.data?page=2"],
    ["/_root.data?x=1", "/_root.data"],
  ])("%s → %s", (from, to) => {
    expect(canonical(from)).toBe(to);
  });

  it.each([
    "/nope",
    "/login?last=/",
    "/my-integrations",
    "/auth/callback?code=x",
    "/api/analytics",
    "/api/my-webhooks",
    "/category",
    "/bots/extra",
    "/meetings/a/b",
    "/preferences/analytics-consent?saved=1",
    "/category//crm",
    "/%E0%A4%A",
    "/BOTS",
  ])("%s is not cacheable (not in the table)", (path) => {
    expect(canonical(path)).toBeNull();
  });

  it("only list routes that take a category take a second segment", () => {
    expect(findCacheableRoute("/meetings/crm")).not.toBeNull();
    expect(findCacheableRoute("/bots/crm")).toBeNull();
    expect(findCacheableRoute("/nope")).toBeNull();
  });

  it("is idempotent: the canonical address is its own canonical address", () => {
    for (const path of ["/search?q=a+b&page=3&from=2&sort=a-z", "/api/search?productType=all&max=10&offset=20", "/bots.data?_routes=root"]) {
      const once = canonical(path)!;
      expect(canonical(once)).toBe(once);
    }
  });
});
