// For an effect: loads the carousels' buttons (./carousel-controls.ts) after the page, with a
// dynamic import (not first-load JavaScript), and enhances the carousels under `root()`.
export function loadCarouselControls(root: () => Element | null): () => void {
  let cleanup = () => {};
  let cancelled = false;
  void import("./carousel-controls").then((m) => {
    const node = root();
    if (!cancelled && node) cleanup = m.enhanceCarousels(node);
  });
  return () => {
    cancelled = true;
    cleanup();
  };
}
