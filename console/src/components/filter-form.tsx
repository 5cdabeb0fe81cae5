import type { ComponentChildren } from 'preact';

/**
 * A list page's filters: on "Apply filters" each field is read by name (trimmed; empty is undefined) and handed to
 * `onApply`, which puts them in the page URL or state. `clear` (a link back to the unfiltered list) follows the button.
 */
export function FilterForm(props: {
  onApply: (field: (name: string) => string | undefined) => void;
  clear?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <form
      class="filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        props.onApply((name) => ((form.get(name) as string | null) ?? '').trim() || undefined);
      }}
    >
      {props.children}
      <button type="submit">Apply filters</button>
      {props.clear}
    </form>
  );
}
