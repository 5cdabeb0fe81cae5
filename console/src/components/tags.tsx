/** Names (scopes, event types) as a row of code tags that wraps on a narrow screen. */
export function Tags({ names }: { names: readonly string[] }) {
  return (
    <ul class="tags">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}
