/**
 * The frame of every signed-in page: the sections this operator's role may open, who is signed in,
 * and signing out. A session that ends (idle 15 minutes, or ended elsewhere) sends them to sign in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BRAND } from '../../../config/brand';
import { whenSignedOut } from '../../api/client';
import { CAN, meQueryOptions, sessionsQueryOptions, signOut } from '../../session/operator';
import { overviewQueryOptions } from '../overview/api';

export function ConsoleShell() {
  const { t } = useLingui();
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data: waiting } = useQuery(overviewQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    whenSignedOut(() => {
      queryClient.clear();
      void navigate({ to: '/sign-in', replace: true });
    });
  }, [queryClient, navigate]);

  const leave = async () => {
    const sessions = await queryClient.fetchQuery(sessionsQueryOptions()).catch(() => []);
    await signOut(sessions.find((s) => s.current)?.id);
    queryClient.clear();
    await navigate({ to: '/sign-in', replace: true });
  };
  const product = BRAND.productName;
  const roleName = { reviewer: t`Reviewer`, support: t`Support`, finance: t`Finance`, admin: t`Admin` }[me.role];

  return (
    <div className="shell">
      <nav className="shell-nav" aria-label={t`Sections`}>
        <div className="shell-brand">
          <Trans>{product} operations</Trans>
        </div>
        <Link to="/" activeOptions={{ exact: true }}>
          <Trans>Overview</Trans>
        </Link>
        {CAN.review(me.role) && (
          <Link to="/reviews">
            <Trans>Participations</Trans>
            {waiting?.participations ? <span className="badge warn">{waiting.participations}</span> : null}
          </Link>
        )}
        {CAN.approveMoney(me.role) && (
          <Link to="/withdrawals">
            <Trans>Withdrawals</Trans>
            {waiting?.withdrawals ? <span className="badge warn">{waiting.withdrawals}</span> : null}
          </Link>
        )}
        {CAN.approveMoney(me.role) && (
          <Link to="/money">
            <Trans>Float and reward pool</Trans>
          </Link>
        )}
        {CAN.readUsers(me.role) && (
          <Link to="/users">
            <Trans>Users</Trans>
          </Link>
        )}
        {CAN.runService(me.role) && (
          <Link to="/service">
            <Trans>Service</Trans>
          </Link>
        )}
        {CAN.readAudit(me.role) && (
          <Link to="/audit">
            <Trans>Audit log</Trans>
          </Link>
        )}
        <Link to="/sessions">
          <Trans>Sessions</Trans>
        </Link>
        <div className="shell-who">
          <span>
            <span className="mono">{me.email}</span> · {roleName}
          </span>
          <button className="btn" type="button" onClick={leave}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </nav>
      <main className="shell-main">
        <Outlet />
      </main>
    </div>
  );
}
