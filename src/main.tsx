import './ui/theme.css';
import './ui/ui.css';
import { boot } from './app/boot';

document.documentElement.dataset.build = __BUILD_ID__;
void boot(document.getElementById('root')!);
