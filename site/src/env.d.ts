// Writory's client directives (src/directives): `client:signed-in` hydrates for signed-in people only,
// `client:on="<window event>"` on the first such event.
declare namespace Astro {
  interface ClientDirectives {
    'client:signed-in'?: boolean;
    'client:on'?: string;
  }
}
