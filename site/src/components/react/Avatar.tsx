import { useEffect, useState } from 'react';
import { initialsOf } from '../../lib/display-name';

interface Props {
  name: string;
  pictureUrl: string | null | undefined;
  /** Tailwind size classes, e.g. "h-9 w-9 text-sm". */
  className?: string;
}

/** The picture when it loads, a default icon when it does not, the initials when there is none. Decorative. */
export default function Avatar({ name, pictureUrl, className = 'h-9 w-9 text-sm' }: Props) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [pictureUrl]);
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-quill font-semibold text-white ${className}`;

  if (pictureUrl && !broken) {
    return (
      <span className={frame} aria-hidden="true">
        <img
          src={pictureUrl}
          alt=""
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
    <span className={frame} aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(name)}
    </span>
  );
}
