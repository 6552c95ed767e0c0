import { createFileRoute } from '@tanstack/react-router';
import { UsersScreen } from '../../features/users/users-screen';

/** Only the user's id is in the address: what was searched for (a phone, an e-mail) stays off it. */
export const Route = createFileRoute('/_signed-in/users')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = Number(search.id);
    return Number.isInteger(id) && id > 0 ? { id } : {};
  },
  component: UsersScreen,
});
