/** Wallet management: the user's wallets; any but the primary can be removed after a confirmation. */

import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { myWalletsQueryOptions, removeWallet } from '../../api/money';
import { queryKeys } from '../../api/query-keys';
import type { MyWallet } from '../../contract/money';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { PullToRefresh } from '../../ui/pull-to-refresh';
import { SkeletonRows } from '../../ui/skeleton';
import { showToast } from '../../ui/toast';
import './profile.css';
import { refreshNow } from '../../session/online';

export function WalletsScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(myWalletsQueryOptions());
  const [toRemove, setToRemove] = useState<MyWallet | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => removeWallet(id),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      setToRemove(null);
      void showToast(t`Removed`, 'success');
      await queryClient.invalidateQueries({ queryKey: queryKeys.myWallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    },
    onError: (error) => void showToast(errorMessage(error), 'error'),
  });

  return (
    <Page title={t`Wallet management`} backTo="/pages/my/index">
      <PullToRefresh onRefresh={() => refreshNow(() => query.refetch())}>
        {query.isPending ? (
          <SkeletonRows rows={3} height={76} />
        ) : query.isError && !query.data ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className="empty-state">
            <Trans>No wallets yet.</Trans>
          </p>
        ) : (
          <ul className="stack wallet-list" aria-label={t`My wallets`}>
            {query.data.map((wallet) => (
              <li key={wallet.id} className="card wallet-row">
                <div className="wallet-row__text">
                  <p className="wallet-row__name">
                    <span>{wallet.name}</span>
                    <span className="tag">{wallet.network}</span>
                    {wallet.primary && (
                      <span className="tag">
                        <Trans>Primary</Trans>
                      </span>
                    )}
                  </p>
                  <p className="wallet-row__address" dir="ltr">
                    {wallet.address}
                  </p>
                </div>
                <CopyButton text={wallet.address} label={t`Copy address of ${wallet.name}`} />
                {!wallet.primary && (
                  <button type="button" className="link-button danger-text" onClick={() => setToRemove(wallet)}>
                    <Trans>Remove</Trans>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PullToRefresh>
      <ConfirmDialog
        open={toRemove !== null}
        title={t`Remove wallet?`}
        confirmLabel={t`Remove`}
        danger
        pending={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
      >
        <p>
          <Trans>{toRemove?.name} will be removed from your list. Funds at its address are not affected.</Trans>
        </p>
      </ConfirmDialog>
    </Page>
  );
}
