// What the loaders hand the banner and modal components: already decided visible (visibility.ts),
// markdown already rendered to safe HTML on the server (app/lib/markdown.server.ts).

export type BannerData = {
  version: string;
  /** The publish time Close stores (normalised ISO form). */
  time: string;
  closable: boolean;
  desktopHtml: string;
  mobileHtml: string;
};

export type ModalData = {
  id: string;
  metricsId: string;
  /** The publish time Close stores (normalised ISO form). */
  time: string;
  title: string;
  bodyHtml: string;
  noteHtml: string;
  buttonText: string;
};

export type Overlays = { banner: BannerData | null; modals: ModalData[] };

export const NO_OVERLAYS: Overlays = { banner: null, modals: [] };

export const BANNER_ACTION = "/preferences/announcement";
export const MODAL_ACTION = "/preferences/modal";
