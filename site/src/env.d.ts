// Writory's client directives (src/directives): `client:signed-in` hydrates for signed-in people only,
// `client:on="<window event>"` on the first such event.
declare namespace Astro {
  interface ClientDirectives {
    'client:signed-in'?: boolean;
    'client:on'?: string;
  }
}

// The icons' paths are shown and hidden with the `hidden` attribute (Tailwind's preflight hides any [hidden]),
// which Astro's SVG attribute types leave out.
declare namespace astroHTML.JSX {
  interface SVGAttributes {
    hidden?: boolean;
  }
}

// The browser's catalogue parts (src/i18n/catalogue-parts.mjs): `virtual:writory-catalogue/<locale>-<part>`.
declare module 'virtual:writory-catalogue/*' {
  const part: Partial<import('./i18n/types').Catalogue>;
  export default part;
}
