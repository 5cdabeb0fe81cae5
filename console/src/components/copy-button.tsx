import { useEffect, useState } from 'preact/hooks';

/** Copies a value to the clipboard and says so to screen readers too. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <span class="copy">
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setSaid('Copied.');
          } catch {
            setSaid('The browser refused the clipboard: select the text and copy it.');
          }
        }}
      >
        {label}
      </button>
      <span role="status" class="muted">
        {said}
      </span>
    </span>
  );
}
