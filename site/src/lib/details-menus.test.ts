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

describe('tabbing out of a menu', () => {
  it('closes it when focus moves outside, not while focus stays inside', () => {
    document.body.innerHTML = `
      <details class="nav-dropdown" open><summary>EXPLORE</summary><a href="#a">A</a><a href="#b">B</a></details>
      <a id="after" href="#after">after</a>`;
    closeDetailsOnOutsideClick(document);
    const menu = document.querySelector('details')!;
    const [a, b] = [...menu.querySelectorAll('a')];
    a.focus();
    b.focus();
    expect(menu.open).toBe(true);
    document.getElementById('after')!.focus();
    expect(menu.open).toBe(false);
  });

  it('Escape on an open menu is used up, so nothing else (the cookie banner) acts on it', () => {
    document.body.innerHTML = `<details class="nav-dropdown" open><summary>INKWELL</summary><a href="#a">A</a></details>`;
    closeDetailsOnOutsideClick(document);
    const event = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
