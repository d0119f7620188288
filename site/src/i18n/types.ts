// The catalogues' types (no code: the e2e tests and the catalogues import them without t()'s module).
import type { en } from './en';
import type { staticEn } from './static.en';

/** Keys the browser can read (islands, scripts) and keys only static markup reads (built into the HTML). */
export type ClientKey = keyof typeof en;
export type StaticKey = keyof typeof staticEn;
export type MessageKey = ClientKey | StaticKey;
export type Catalogue = Record<ClientKey, string>;
export type StaticCatalogue = Record<StaticKey, string>;
