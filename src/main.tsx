import './ui/theme.css';
import './ui/ui.css';
import { boot } from './app/boot';
import { must } from './lib/must';

document.documentElement.dataset.build = __BUILD_ID__;
void boot(must(document.getElementById('root'), "index.html's #root"));
