// /user_info/: the signed-in user's profile (Superset's "Info" page): name, username, email, state,
// roles and when the account was created, from GET /api/v1/me/roles/.
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { PageHeader } from '../../app/PageHeader';
import './account.css';

interface Profile {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  createdOn?: string | null;
  roles: Record<string, unknown>;
}

export default function UserInfoPage() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    api.call('me.roles').then((r) => setProfile(r.result), () => setError(true));
  }, []);
  const name = profile ? [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username : '';
  return (
    <div className="page">
      {error && <p className="form__error" role="alert">Your profile could not be loaded.</p>}
      {profile && (
        <>
          <PageHeader title={name} subtitle="Your profile" />
          <div className="panel">
            <dl className="details-list">
              <dt>Username</dt>
              <dd>{profile.username}</dd>
              <dt>Email</dt>
              <dd>{profile.email || '—'}</dd>
              <dt>Active</dt>
              <dd>{profile.is_active ? 'Yes' : 'No'}</dd>
              <dt>Roles</dt>
              <dd>{Object.keys(profile.roles ?? {}).join(', ') || '—'}</dd>
              {profile.createdOn && (
                <>
                  <dt>Member since</dt>
                  <dd>{new Date(`${profile.createdOn}`).toLocaleDateString()}</dd>
                </>
              )}
            </dl>
          </div>
        </>
      )}
    </div>
  );
}
