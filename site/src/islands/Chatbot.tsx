import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import type { ChatPanelProps } from './ChatPanel';

// Only the launcher ships with the page; the panel (fuse.js, the FAQ fetch) is a separate chunk
// that loads when the visitor opens the chat, or as soon as they point at or focus the launcher.
const text = {
  region: 'Help',
  open: 'Ask Writory',
  loading: 'Loading chatbot...',
  loadFailed: 'The chatbot could not load.',
  retry: 'Try again',
} as const;

type PanelModule = { default: ComponentType<ChatPanelProps> };
let panelModule: Promise<PanelModule> | null = null;
function loadPanel(): Promise<PanelModule> {
  panelModule ??= import('./ChatPanel').catch((error: unknown) => {
    panelModule = null;
    throw error;
  });
  return panelModule;
}

export default function Chatbot() {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLElement>(null);
  const panelId = useId();

  const fetchPanel = () => {
    setFailed(false);
    loadPanel().then(
      (module) => setPanel(() => module.default),
      () => setFailed(true),
    );
  };
  const show = () => {
    setOpen(true);
    if (!Panel) fetchPanel();
  };
  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  // Escape closes the chat when focus is anywhere inside it (launcher included).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && container.current?.contains(document.activeElement)) {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const prefetch = () => {
    if (!Panel) loadPanel().catch(() => undefined);
  };

  return (
    <aside ref={container} aria-label={text.region} data-testid="chatbot">
      {open &&
        (Panel ? (
          <Panel id={panelId} onClose={close} />
        ) : (
          <div
            id={panelId}
            role="status"
            className="fixed inset-x-3 bottom-24 z-40 rounded-lg border border-stone-300 bg-white p-4 text-sm shadow-xl sm:inset-x-auto sm:end-4 sm:w-80"
          >
            {failed ? (
              <p className="flex flex-wrap items-center gap-2">
                {text.loadFailed}
                <button type="button" className="btn btn-outline btn-sm" onClick={fetchPanel}>{text.retry}</button>
              </p>
            ) : (
              text.loading
            )}
          </div>
        ))}
      <button
        ref={launcher}
        type="button"
        className="fixed end-4 bottom-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-quill text-white shadow-lg hover:bg-quill-dark"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        aria-label={text.open}
        title={text.open}
        onClick={() => (open ? close() : show())}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        data-testid="chatbot-launcher"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8.5 10.5h7M8.5 14h4" />}
        </svg>
      </button>
    </aside>
  );
}
