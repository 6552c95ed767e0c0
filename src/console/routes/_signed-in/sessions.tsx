import { createFileRoute } from '@tanstack/react-router';
import { SessionsScreen } from '../../features/sessions/sessions-screen';

export const Route = createFileRoute('/_signed-in/sessions')({ component: SessionsScreen });
