import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

/**
 * A confirmation as a modal <dialog>: the browser keeps focus inside it, Escape cancels, and focus returns to the
 * button that opened it.
 */
export function Confirm({
  label,
  title,
  children,
  confirmLabel,
  danger = false,
  onConfirm,
  onOpen,
  disabled = false,
}: {
  label: string;
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => Promise<unknown> | void;
  /** Called as the dialog opens, e.g. to read again what it shows. */
  onOpen?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        class={danger ? 'danger' : undefined}
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={undefined} aria-label={title}>
        <h2>{title}</h2>
        {children}
        <div class="actions">
          <button
            type="button"
            class={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                dialog.current?.close();
              }
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
