import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import NameInScriptField from './NameInScriptField';

describe('NameInScriptField', () => {
  afterEach(cleanup);

  it.each(['Hindi', 'தமிழ்', 'Urdu', 'bengali', 'العربية'])('asks for the name in the script of a poem in %s, and says why', (language) => {
    const typed: string[] = [];
    render(<NameInScriptField language={language} value="" onChange={(value) => typed.push(value)} />);
    const field = screen.getByRole('textbox', { name: 'Your name in the poem’s script (optional)' });
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toMatch(/so we can hide it from the judges/);
    fireEvent.change(field, { target: { value: 'मीरा' } });
    expect(typed).toEqual(['मीरा']);
  });

  it.each(['English', 'Español', 'Swahili', ''])('does not ask for a poem in %s (Latin letters)', (language) => {
    render(<NameInScriptField language={language} value="" onChange={() => undefined} />);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
