import './ui/theme.css';
import './ui/ui.css';
import { boot } from './app/boot';

void boot(document.getElementById('root')!);
