// /superset/dashboard/p/$key/: a shared link. As Superset does, it redirects to the dashboard's own
// address with the key, /superset/dashboard/<id>/?permalink_key=<key>, where the dashboard page
// restores what the sharer saw (filter values, open tabs, the focused chart).
import { useEffect, useState } from 'react';
import { useParams, useRouter } from '@tanstack/react-router';
import { EmptyState } from '../../app/EmptyState';
import { readPermalinkState } from './actions/permalinkState';

export default function DashboardPermalinkPage() {
  const { key } = useParams({ strict: false }) as { key: string };
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    readPermalinkState(key).then(
      ({ id }) => router.history.replace(`/superset/dashboard/${encodeURIComponent(id)}/?permalink_key=${encodeURIComponent(key)}`),
      (e) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [key, router]);
  if (error === null) return <div className="page" role="status">Loading dashboard…</div>;
  return <div className="page page--centered"><EmptyState icon="▦" title="This link could not be opened" message={error} /></div>;
}
