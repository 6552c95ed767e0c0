import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen';

/** `/` is the entry page: an alias of the login page (SPEC §2). */
export const Route = createFileRoute('/')({
  component: LoginScreen,
});
