import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionToken } from '../api/client';
import { SignInScreen } from '../features/sign-in/sign-in-screen';

export const Route = createFileRoute('/sign-in')({
  beforeLoad: () => {
    if (sessionToken.get()) throw redirect({ to: '/', replace: true });
  },
  component: SignInScreen,
});
