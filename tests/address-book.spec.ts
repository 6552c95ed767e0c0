/**
 * The address book as a person uses it, against the real server: saved from My, picked in
 * Transfer (the label shows), and the withdrawal allowlist: an address not saved cannot be sent
 * to, a freshly saved one only after its waiting time (15 s in the test server, a day in
 * production), and turning the allowlist off waits too. The page's clock is the test's: it is set
 * inside the waiting time and then past it, never waited out.
 */
import { expect, test } from '@playwright/test';
import { DEMO } from './harness/env.ts';
import { api, apiLogin, closePopupsAsTheyOpen, faucet, loginAs, registerUser } from './harness/more-helpers.ts';
import { freshAddress } from './harness/wallet-api.ts';

test('a saved address is picked in Transfer, and the allowlist lets withdrawals go only there, once it is old enough', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A user of its own: the allowlist would stop other tests' withdrawals.
  const phone = `558${String(Date.now()).slice(-4)}`;
  await registerUser(phone, 'Saver1234');
  const token = await apiLogin(phone, 'Saver1234');
  faucet(`+${DEMO.areaCode} ${phone}`, 'USDT', '20');
  await api('/member/modifyWalletPassword', { token, body: { newPassword: '135790', loginPassword: 'Saver1234' } });
  const savings = freshAddress();
  const stranger = freshAddress();

  // The page's clock runs as usual, but the test moves the date (below).
  await page.clock.install();
  await loginAs(page, phone, 'Saver1234');
  await page.goto('/pages/my/index');
  await closePopupsAsTheyOpen(page);
  await page.getByRole('link', { name: 'Address book' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Savings');
  await page.getByLabel('Address', { exact: true }).fill(savings);
  await page.getByRole('button', { name: 'Save address' }).click();
  const row = page.getByTestId('contact-row').filter({ hasText: 'Savings' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(savings.match(/.{1,4}/g)!.join(' '));
  await expect(row).toContainText('Allowlisted withdrawals can go here from');
  // When the server saved it, and when it lets allowlisted withdrawals go there.
  const book = await api<{ contacts: Array<{ address: string; createdAt: string; usableAt: string }> }>('/member/contacts', {
    token,
  });
  const saved = book.contacts.find((c) => c.address === savings);
  if (!saved) throw new Error(`${savings} is not in the address book`);
  const allowlist = page.getByRole('switch', { name: 'Withdrawal allowlist' });
  await allowlist.click();
  await expect(allowlist).toBeChecked();

  // Transfer: the balance has arrived (the faucet's deposit), an unsaved address is refused at once.
  await expect
    .poll(
      async () =>
        (await api<{ assets: Array<{ currency: string; balance: string }> }>('/member/wallet', { token })).assets.find(
          (a) => a.currency === 'USDT',
        )?.balance,
      { timeout: 30_000 },
    )
    .toMatch(/^20(\.0+)?$/);
  await row.getByRole('link', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/pages\/index\/transfer/);
  const address = page.getByLabel('Receiving address');
  await expect(address).toHaveValue(savings);
  await address.fill(stranger);
  await expect(page.getByRole('alert').filter({ hasText: 'this address is not in your address book' })).toBeVisible();
  await page.getByLabel('Amount').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toHaveCount(0);

  // Picked from the book: the label shows; it can receive once its waiting time is over. However
  // long the steps above took, the page's date is put back to the moment it was saved.
  await page.clock.setSystemTime(Date.parse(saved.createdAt));
  await page.getByRole('button', { name: 'Choose from address book' }).click();
  await page
    .getByRole('dialog', { name: 'Address book' })
    .getByRole('button', { name: /Savings/ })
    .click();
  await expect(address).toHaveValue(savings);
  await expect(page.getByRole('main').getByText('Saved as Savings')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'saved less than a day ago' })).toBeVisible();
  const pickSavings = async () => {
    await page.getByRole('button', { name: 'Choose from address book' }).click();
    await page
      .getByRole('dialog', { name: 'Address book' })
      .getByRole('button', { name: /Savings/ })
      .click();
  };
  // Its waiting time over (the date moved to the moment the server named), the screen opened again
  // lets it through.
  await page.clock.setSystemTime(Date.parse(saved.usableAt));
  await page.reload();
  await pickSavings();
  await expect(page.getByRole('main').getByText('Saved as Savings')).toBeVisible();
  await page.getByLabel('Amount').fill('12');
  await expect(page.getByRole('alert').filter({ hasText: 'allowlist' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toBeVisible();

  // Turning the allowlist off asks first, and says until when it still holds.
  await page.goto('/pages/my/address-book');
  await allowlist.click();
  await page.getByRole('dialog', { name: 'Turn the allowlist off?' }).getByRole('button', { name: 'Turn off in a day' }).click();
  await expect(allowlist).not.toBeChecked();
  await expect(page.getByText(/Turning off: withdrawals still go only to saved addresses until/)).toBeVisible();
});
