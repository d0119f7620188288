import { Fragment, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import type { Testimonial } from '@writory/shared';
import { fetchTestimonials } from '../api/content';
import { createCarousel, type Carousel, type CarouselState } from '../lib/carousel';
import Avatar from '../components/react/Avatar';
import { t as say } from '../i18n/t';
import { formatNumber } from '../lib/format';
import { servedInEnglish, type LocaleServed } from '../lib/served-locale';

// Testimonials carousel (APG carousel pattern): the build-time list is in the static HTML, the live
// list replaces it on the client. Every slide stays in the DOM, stacked in one grid cell, so the
// section keeps the height of the tallest slide and nothing below it moves while it rotates.
// The words are read when shown (the server renders every language); `say` is t(), named apart from the slides' `t`.
const text = {
  label: () => say('testimonials.label'),
  slide: (n: number, m: number) => say('testimonials.slide', { n: formatNumber(n), m: formatNumber(m) }),
  previous: () => say('testimonials.previous'),
  next: () => say('testimonials.next'),
  pause: () => say('testimonials.pause'),
  play: () => say('testimonials.play'),
  age: (age: number) => say('testimonials.age', { age: formatNumber(age) }),
  empty: () => say('testimonials.empty'),
};

/** The wire shape with either spelling of the picture (both occur in the spec's data). */
export type TestimonialInput = Omit<Testimonial, 'profile_picture' | 'profilePicture'> &
  LocaleServed & {
    profile_picture?: string | null;
    profilePicture?: string | null;
  };

export const UPDATE_EVENT = 'testimonial-updated';
export const REFETCH_DELAY_MS = 1000;

export const pictureOf = (t: TestimonialInput): string | null => t.profile_picture || t.profilePicture || null;

const initialState = (count: number): CarouselState => ({ index: 0, count, rotating: count > 1, stoppedByChoice: false });

export default function TestimonialCarousel({ initial }: { initial: TestimonialInput[] }) {
  const [items, setItems] = useState<TestimonialInput[]>(initial);
  const [state, setState] = useState<CarouselState>(() => initialState(initial.length));
  const carousel = useRef<Carousel | null>(null);
  // True between a pointer's press and release inside the carousel: the focus that press gives is not a reason to hold.
  const pressing = useRef(false);
  const slidesId = useId();

  // The timer lives only in the browser: created after hydration, never during the build.
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    const c = createCarousel({ count: items.length, paused: reduce?.matches ? ['reduced-motion'] : [] });
    carousel.current = c;
    setState(c.getState());
    const unsubscribe = c.subscribe(setState);
    const onMotion = (event: MediaQueryListEvent) => (event.matches ? c.pause('reduced-motion') : c.resume('reduced-motion'));
    const onVisibility = () => (document.hidden ? c.pause('hidden') : c.resume('hidden'));
    reduce?.addEventListener?.('change', onMotion);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      reduce?.removeEventListener?.('change', onMotion);
      document.removeEventListener('visibilitychange', onVisibility);
      c.destroy();
      carousel.current = null;
    };
  }, []);

  useEffect(() => carousel.current?.setCount(items.length), [items.length]);

  // Fresh list on load, and again 1 s after an editor's "testimonial-updated" event (spec section 7).
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchTestimonials().then(
        (list) => live && Array.isArray(list) && setItems(list),
        () => undefined, // keep what the page was built with
      );
    const onUpdated = () => {
      clearTimeout(timer);
      timer = setTimeout(load, REFETCH_DELAY_MS);
    };
    void load();
    window.addEventListener(UPDATE_EVENT, onUpdated);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener(UPDATE_EVENT, onUpdated);
    };
  }, []);

  if (items.length === 0) return <p className="mt-6 text-center text-ink-soft">{text.empty()}</p>;

  const onPointerEnter = (event: PointerEvent) => event.pointerType === 'mouse' && carousel.current?.pause('hover');
  const onPointerLeave = (event: PointerEvent) => event.pointerType === 'mouse' && carousel.current?.resume('hover');
  // Focus anywhere inside (the rotation button included) holds the slide still: from the keyboard, a screen reader's
  // cursor or a script (WCAG 2.2.2; those are not always :focus-visible). Leaving resumes unless the visitor paused.
  // Only the focus a pointer press gives does not count: hovering already holds it, and moving away should resume.
  const onFocus = () => {
    if (!pressing.current) carousel.current?.pause('focus');
  };
  const onPointerDown = () => {
    pressing.current = true;
    // Released wherever the pointer is by then, inside the carousel or not.
    const release = () => {
      pressing.current = false;
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.current?.resume('focus');
  };
  const index = Math.min(state.index, items.length - 1);
  const single = items.length < 2;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={text.label()}
      className="mt-8"
      data-testid="testimonial-carousel"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDownCapture={onPointerDown}
      onTouchStart={() => carousel.current?.pause('touch')}
      onTouchEnd={() => carousel.current?.resume('touch')}
      onTouchCancel={() => carousel.current?.resume('touch')}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {!single && (
        <div className="mb-4 flex items-center justify-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-icon rounded-full"
            aria-label={state.stoppedByChoice ? text.play() : text.pause()}
            onClick={() => carousel.current?.toggle()}
            data-testid="carousel-rotation"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              {state.stoppedByChoice ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />}
            </svg>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-icon rounded-full"
            aria-controls={slidesId}
            aria-label={text.previous()}
            onClick={() => carousel.current?.previous()}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 rtl:-scale-x-100"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-icon rounded-full"
            aria-controls={slidesId}
            aria-label={text.next()}
            onClick={() => carousel.current?.next()}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 rtl:-scale-x-100"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M9 18l6-6-6-6" />
            </svg>
          </button>
        </div>
      )}
      <div id={slidesId} className="grid" aria-live={state.rotating ? 'off' : 'polite'} aria-atomic="false">
        {items.map((t, i) => {
          // Words an editor has not translated yet stay English (lang="en"), under the notice in the reader's language.
          const english = servedInEnglish(t) ? 'en' : undefined;
          return (
            <div
              key={t.id}
              role="group"
              aria-roledescription="slide"
              aria-label={text.slide(i + 1, items.length)}
              className={`col-start-1 row-start-1 min-w-0 rounded-lg bg-white p-6 shadow-sm transition-opacity duration-500 sm:p-8 ${i === index ? 'visible opacity-100' : 'invisible opacity-0'}`}
              data-testid="testimonial-slide"
              data-active={i === index ? 'true' : undefined}
            >
              <figure className="flex h-full min-w-0 flex-col items-center justify-between gap-6 text-center [overflow-wrap:anywhere]">
                {english && (
                  <p className="text-xs text-ink-soft" data-testid="locale-fallback">
                    {say('language.fallbackEnglish')}
                  </p>
                )}
                <blockquote className="max-w-full">
                  <p dir="auto" lang={english} className="font-serif text-lg leading-relaxed text-ink sm:text-xl">
                    “{t.message}”
                  </p>
                </blockquote>
                <figcaption className="flex max-w-full items-center gap-3">
                  <Avatar name={t.name} pictureUrl={pictureOf(t)} className="h-14 w-14 font-serif text-lg font-bold" />
                  <span className="min-w-0 text-start">
                    <span dir="auto" className="block font-semibold">
                      {t.name}
                    </span>
                    <span className="block text-sm text-ink-soft">
                      {[
                        t.title ? { key: 'title', text: t.title, lang: english } : null,
                        typeof t.age === 'number' ? { key: 'age', text: text.age(t.age), lang: undefined } : null,
                        t.location ? { key: 'location', text: t.location, lang: english } : null,
                      ]
                        .filter((part) => part !== null)
                        .map((part, n) => (
                          <Fragment key={part.key}>
                            {n > 0 && ' · '}
                            <span lang={part.lang}>{part.text}</span>
                          </Fragment>
                        ))}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          );
        })}
      </div>
      {!single && (
        <div aria-hidden="true" className="mt-4 flex justify-center gap-2">
          {items.map((t, i) => (
            <span key={t.id} className={`h-2 w-2 rounded-full ${i === index ? 'bg-quill' : 'bg-stone-300'}`} />
          ))}
        </div>
      )}
    </section>
  );
}
