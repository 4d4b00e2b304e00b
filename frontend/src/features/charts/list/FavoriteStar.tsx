// The favorite star of a list row: pressed when the item is a favorite; a click toggles it on the server.
export function FavoriteStar({ name, value, onToggle }: { name: string; value: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="button button--ghost button--small fav-star" aria-pressed={value} aria-label={value ? `Unmark ${name} as favorite` : `Mark ${name} as favorite`} onClick={onToggle}>
      {value ? '★' : '☆'}
    </button>
  );
}
