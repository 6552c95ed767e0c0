import { createFileRoute } from '@tanstack/react-router';
import { ServiceScreen } from '../../features/service/service-screen';

export const Route = createFileRoute('/_signed-in/service')({ component: ServiceScreen });
