// A day field on a Hindi or an Arabic page (issue 39): its hint writes the day in the page's language, and a day
// typed as the hint writes it (or in the page's digits) is read as that day, never marked as unreadable.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { showPageIn } from '../../test/english-left';
import DayField from './DayField';

afterEach(() => {
  cleanup();
  return showPageIn('en');
});

describe.each([
  { lang: 'hi', hint: '25 नवंबर 2026', typed: '२ दिसंबर २०२६' },
  { lang: 'ar', hint: '25 نوفمبر 2026', typed: '٢ ديسمبر ٢٠٢٦' },
] as const)('<DayField /> on a $lang page', ({ lang, hint, typed }) => {
  it('shows its example in the page’s language and reads a day typed in it', async () => {
    await showPageIn(lang);
    const onChange = vi.fn();
    render(<DayField label="—" value="" onChange={onChange} example="2026-11-25" />);
    await act(async () => undefined);
    const box = screen.getByRole('textbox');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toContain(hint);

    fireEvent.change(box, { target: { value: typed } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02');
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBeNull();
    // Written back as the page writes days.
    expect((box as HTMLInputElement).value).toBe(lang === 'hi' ? '2 दिसंबर 2026' : '2 ديسمبر 2026');
  });

  it('writes a day it is given as the page does, and keeps reading it as that day', async () => {
    await showPageIn(lang);
    const onChange = vi.fn();
    render(<DayField label="—" value="2026-09-03" onChange={onChange} example="2026-09-03" />);
    await act(async () => undefined);
    const box = screen.getByRole('textbox') as HTMLInputElement;
    expect(box.value).toBe(lang === 'hi' ? '3 सितंबर 2026' : '3 سبتمبر 2026');
    fireEvent.blur(box);
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});
