// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { mountAstro } from './astro-dom.testing';
import Chatbot from '../components/layout/Chatbot.astro';
import { installChatbot, type PanelLoader, type PanelView } from './chat-launcher';

/** A stand-in for the React panel: a dialog with a close button that calls onClose. */
function fakePanel() {
  const shown: { id: string }[] = [];
  let release!: () => void;
  let fail = false;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const loads = vi.fn<PanelLoader>(async () => {
    await gate;
    if (fail) {
      fail = false;
      throw new Error('chunk failed');
    }
    return (container: HTMLElement): PanelView => ({
      show: ({ id, onClose }) => {
        shown.push({ id });
        container.innerHTML = `<div role="dialog" id="${id}"><input aria-label="Your question"><button data-close>Close chat</button></div>`;
        container.querySelector('[data-close]')!.addEventListener('click', onClose);
        container.querySelector('input')!.focus();
      },
      hide: () => (container.innerHTML = ''),
    });
  });
  return { loads, shown, release, failNext: () => (fail = true) };
}

async function setup() {
  await mountAstro(Chatbot);
  const panel = fakePanel();
  installChatbot(document, panel.loads);
  const launcher = document.querySelector<HTMLButtonElement>('[data-testid="chatbot-launcher"]')!;
  const status = () => document.querySelector<HTMLElement>('[role="status"]')!;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { ...panel, launcher, status, settle };
}

describe('chatbot launcher', () => {
  it('loads nothing until the chat opens; shows "Loading chatbot..." until the panel is there', async () => {
    const t = await setup();
    expect(t.launcher.getAttribute('aria-label')).toBe('Ask Writory');
    expect(t.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(t.loads).not.toHaveBeenCalled();
    t.launcher.click();
    expect(t.loads).toHaveBeenCalledTimes(1);
    expect(t.launcher.getAttribute('aria-expanded')).toBe('true');
    expect(t.status().hidden).toBe(false);
    expect(t.status().textContent).toContain('Loading chatbot...');
    expect(t.launcher.getAttribute('aria-controls')).toBe(t.status().id);
    t.release();
    await t.settle();
    expect(t.status().hidden).toBe(true);
    expect(document.querySelector('[role="dialog"]')!.id).toBe(t.launcher.getAttribute('aria-controls'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Your question');
  });

  it('prefetches the panel when the launcher is pointed at or focused', async () => {
    const t = await setup();
    t.launcher.dispatchEvent(new Event('pointerenter'));
    t.launcher.dispatchEvent(new Event('focus'));
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape or the close button, returning focus to the launcher; reopens the panel at once', async () => {
    const t = await setup();
    t.release();
    t.launcher.click();
    await t.settle();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(t.launcher.getAttribute('aria-expanded')).toBe('false');
    expect(t.launcher.hasAttribute('aria-controls')).toBe(false);
    expect(document.activeElement).toBe(t.launcher);
    t.launcher.click();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    document.querySelector<HTMLButtonElement>('[data-close]')!.click();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(t.launcher);
    expect(t.loads).toHaveBeenCalledTimes(1);
  });

  it('offers to try again when the panel cannot load', async () => {
    const t = await setup();
    t.failNext();
    t.release();
    t.launcher.click();
    await t.settle();
    expect(t.status().textContent).toContain('The chatbot could not load.');
    document.querySelector<HTMLButtonElement>('[data-chatbot-retry]')!.click();
    await t.settle();
    expect(t.loads).toHaveBeenCalledTimes(2);
    expect(t.status().hidden).toBe(true);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });
});
