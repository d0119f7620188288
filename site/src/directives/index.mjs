// Writory's own hydration directives (Astro client directives): islands of the shared layout that most visitors never
// need load only when they are needed. Typed in src/env.d.ts.
import { fileURLToPath } from 'node:url';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** @returns {import('astro').AstroIntegration} */
export default function writoryDirectives() {
  return {
    name: 'writory-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'signed-in', entrypoint: here('./signed-in.ts') });
        addClientDirective({ name: 'on', entrypoint: here('./on-event.ts') });
      },
    },
  };
}
