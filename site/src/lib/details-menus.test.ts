import { describe, expect, it } from 'vitest';
import { closeDetailsOnOutsideClick } from './details-menus';

describe('closeDetailsOnOutsideClick', () => {
  it('closes an open dropdown on an outside click and on Escape, not on an inside click', () => {
    document.body.innerHTML = `
      <details class="nav-dropdown" open><summary>INKWELL</summary><a href="#submit">Submit</a></details>
      <p id="outside">elsewhere</p>`;
    closeDetailsOnOutsideClick(document);
    const menu = document.querySelector('details')!;
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(true);
    document.getElementById('outside')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(menu.open).toBe(false);
    menu.open = true;
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(menu.open).toBe(false);
    expect(document.activeElement?.tagName).toBe('SUMMARY');
  });
});
