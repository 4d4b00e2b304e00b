// The one empty-state block used across pages, so "nothing here yet" looks the same everywhere.
import { useId, type ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  message: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** h1 when the empty state is the page; h2 under a PageHeader that already holds the h1. */
  headingLevel?: 1 | 2;
}

export function EmptyState({ title, message, icon, action, headingLevel = 1 }: EmptyStateProps) {
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="empty-state" aria-labelledby={titleId}>
      {icon && (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading id={titleId} className="empty-state__title">
        {title}
      </Heading>
      <p className="empty-state__message">{message}</p>
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}
