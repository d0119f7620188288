// The chatbot launcher (components/layout/Chatbot.astro) without a framework: it opens and closes the chat, shows
// "Loading chatbot..." while the panel's code arrives, and renders the React panel (islands/ChatPanel.tsx) into its
// slot. The panel's chunk, React included, is fetched on the first open, or when the visitor points at or focuses
// the launcher; a failed fetch offers to try again.

const PANEL_ID = 'chatbot-panel';

export interface PanelView {
  show(props: { id: string; onClose(): void }): void;
  hide(): void;
}
export type PanelLoader = () => Promise<(container: HTMLElement) => PanelView>;

/** React and the panel, as separate chunks of their own (the panel's is named after ChatPanel). */
export const loadReactPanel: PanelLoader = async () => {
  const [{ createElement }, { createRoot }, { default: ChatPanel }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('../islands/ChatPanel'),
  ]);
  return (container) => {
    const root = createRoot(container);
    return {
      show: (props) => root.render(createElement(ChatPanel, props)),
      hide: () => root.render(null),
    };
  };
};

export function installChatbot(doc: Document, loadPanel: PanelLoader = loadReactPanel) {
  const aside = doc.querySelector<HTMLElement>('[data-chatbot]');
  if (!aside) return;
  const launcher = aside.querySelector<HTMLButtonElement>('[data-chatbot-launcher]')!;
  const status = aside.querySelector<HTMLElement>('[data-chatbot-status]')!;
  const loading = aside.querySelector<HTMLElement>('[data-chatbot-loading]')!;
  const failed = aside.querySelector<HTMLElement>('[data-chatbot-failed]')!;
  const slot = aside.querySelector<HTMLElement>('[data-chatbot-panel]')!;
  const icon = (name: string) => aside.querySelector<SVGElement>(`[data-chatbot-icon="${name}"]`)!;

  let open = false;
  let view: PanelView | null = null;
  let pending: Promise<PanelView> | null = null;

  const fetchView = () => {
    pending ??= loadPanel().then(
      (make) => (view = make(slot)),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  const showStatus = (state: 'loading' | 'failed' | null) => {
    status.hidden = state === null;
    if (state === null) status.removeAttribute('id');
    else status.id = PANEL_ID;
    loading.hidden = state !== 'loading';
    failed.hidden = state !== 'failed';
  };

  const render = () => {
    launcher.setAttribute('aria-expanded', String(open));
    if (open) launcher.setAttribute('aria-controls', PANEL_ID);
    else launcher.removeAttribute('aria-controls');
    icon('open').toggleAttribute('hidden', open);
    icon('close').toggleAttribute('hidden', !open);
  };

  const close = () => {
    open = false;
    view?.hide();
    showStatus(null);
    render();
    launcher.focus();
  };

  const show = () => {
    open = true;
    render();
    if (view) return view.show({ id: PANEL_ID, onClose: close });
    showStatus('loading');
    fetchView().then(
      (ready) => {
        if (!open) return;
        showStatus(null);
        ready.show({ id: PANEL_ID, onClose: close });
      },
      () => open && showStatus('failed'),
    );
  };

  const prefetch = () => {
    if (!view) fetchView().catch(() => undefined);
  };

  launcher.addEventListener('click', () => (open ? close() : show()));
  launcher.addEventListener('pointerenter', prefetch);
  launcher.addEventListener('focus', prefetch);
  aside.querySelector('[data-chatbot-retry]')!.addEventListener('click', show);
  // Escape closes the chat when focus is anywhere inside it (launcher included).
  doc.addEventListener('keydown', (event) => {
    if (open && event.key === 'Escape' && aside.contains(doc.activeElement)) {
      event.preventDefault();
      close();
    }
  });
}
