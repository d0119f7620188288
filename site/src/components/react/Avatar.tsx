import { useEffect, useRef, useState } from 'react';
import { initialsOf } from '../../lib/display-name';

interface Props {
  name: string;
  pictureUrl: string | null | undefined;
  /** Tailwind size classes, e.g. "h-9 w-9 text-sm". */
  className?: string;
}

/** Deep, on-theme backgrounds that keep white initials well above 4.5:1; a name always gets the same one. */
const BACKGROUNDS = ['bg-quill', 'bg-teal-800', 'bg-indigo-800', 'bg-emerald-800', 'bg-rose-800', 'bg-amber-800', 'bg-slate-700', 'bg-fuchsia-800'];

export function avatarBackground(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLocaleLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length];
}

/**
 * The one avatar wherever a person's photo shows (header, profile, wall, testimonials, winners): the picture when it
 * loads, a default icon when it does not, the initials on a colour of their own when there is none. Decorative.
 * Rendered without a client directive in .astro pages it is static HTML.
 */
export default function Avatar({ name, pictureUrl, className = 'h-9 w-9 text-sm' }: Props) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An error before hydration never reached onError.
    const el = image.current;
    setBroken(Boolean(el?.complete && el.naturalWidth === 0));
  }, [pictureUrl]);
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-white select-none ${avatarBackground(name)} ${className}`;

  if (pictureUrl && !broken) {
    return (
      <span className={frame} aria-hidden="true">
        <img
          ref={image}
          src={pictureUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
          data-testid="avatar-image"
        />
      </span>
    );
  }
  if (pictureUrl && broken) {
    return (
      <span className={frame} aria-hidden="true" data-testid="avatar-default-icon">
        <svg viewBox="0 0 24 24" className="h-3/5 w-3/5" fill="currentColor">
          <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.2 0-8.25 2.1-8.25 5.25V21h16.5v-1.5c0-3.15-4.05-5.25-8.25-5.25Z" />
        </svg>
      </span>
    );
  }
  return (
    <span className={frame} aria-hidden="true" data-testid="avatar-initials" dir="auto">
      {initialsOf(name)}
    </span>
  );
}
