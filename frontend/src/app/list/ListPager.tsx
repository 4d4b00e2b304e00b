// Previous / next paging with the page count and the rows shown.
export function ListPager({ page, count, pageSize, onPage }: { page: number; count: number; pageSize: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(count, (page + 1) * pageSize);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__range">
        {first}-{last} of {count}
      </span>
      <button type="button" className="button button--ghost button--small" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button type="button" className="button button--ghost button--small" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
