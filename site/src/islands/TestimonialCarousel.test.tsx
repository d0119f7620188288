import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import TestimonialCarousel, { pictureOf, type TestimonialInput } from './TestimonialCarousel';

const person = (i: number, extra: Partial<TestimonialInput> = {}): TestimonialInput => ({
  id: `t${i}`,
  name: `Poet Number${i}`,
  message: `Message ${i}`,
  title: null,
  age: 20 + i,
  location: 'Pune, India',
  ...extra,
});
const three = [person(1), person(2), person(3)];

function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const active = () => document.querySelector('[data-active="true"]')?.getAttribute('aria-label');

beforeEach(() => {
  vi.useFakeTimers();
  stubMotion(false);
  // The client refresh answers with the same list.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(three), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('<TestimonialCarousel />', () => {
  it('is a labelled carousel whose slides say "n of m", rotating every 3 s', async () => {
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    const region = screen.getByRole('region', { name: 'Testimonials' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getAllByRole('group', { hidden: true }).map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(active()).toBe('1 of 3');
    expect(document.getElementById(screen.getByRole('button', { name: 'Next testimonial' }).getAttribute('aria-controls')!)?.getAttribute('aria-live')).toBe(
      'off',
    );
    await act(async () => void vi.advanceTimersByTime(3000));
    expect(active()).toBe('2 of 3');
  });

  it('previous and next wrap around', async () => {
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(active()).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(active()).toBe('1 of 3');
  });

  it('the pause button stops rotation and makes the slides a polite live region', async () => {
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    const slides = document.getElementById(screen.getByRole('button', { name: 'Next testimonial' }).getAttribute('aria-controls')!)!;
    expect(slides.getAttribute('aria-live')).toBe('polite');
    await act(async () => void vi.advanceTimersByTime(10_000));
    expect(active()).toBe('1 of 3');
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
  });

  it('pauses while a mouse hovers and resumes when it leaves', async () => {
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    const region = screen.getByRole('region', { name: 'Testimonials' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    await act(async () => void vi.advanceTimersByTime(9000));
    expect(active()).toBe('1 of 3');
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    await act(async () => void vi.advanceTimersByTime(3000));
    expect(active()).toBe('2 of 3');
  });

  it('does not auto-advance under prefers-reduced-motion', async () => {
    stubMotion(true);
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    await act(async () => void vi.advanceTimersByTime(30_000));
    expect(active()).toBe('1 of 3');
    expect(screen.getByRole('button', { name: 'Play testimonials' })).toBeTruthy();
  });

  it('accepts both picture spellings; a picture that fails shows the default icon, none shows initials', async () => {
    const list = [person(1, { profile_picture: '/uploads/a.jpg' }), person(2, { profilePicture: '/uploads/b.jpg' }), person(3)];
    expect(list.map(pictureOf)).toEqual(['/uploads/a.jpg', '/uploads/b.jpg', null]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const { container } = render(<TestimonialCarousel initial={list} />);
    await act(async () => {});
    const images = container.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('src'))).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
    fireEvent.error(images[0]);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getAllByTestId('avatar-default-icon')).toHaveLength(1);
    expect(screen.getAllByTestId('avatar-initials').map((el) => el.textContent)).toEqual(['PN']);
  });

  it('refetches 1 s after a testimonial-updated event', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([...three, person(4)]), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<TestimonialCarousel initial={three} />);
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('testimonial-updated'));
    await act(async () => void vi.advanceTimersByTime(999));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
  });
});
