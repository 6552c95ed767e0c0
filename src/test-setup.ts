import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';

// Components and modules translate through the global i18n; tests read the source (en_US) text.
i18n.loadAndActivate({ locale: 'en_US', messages: {} });
