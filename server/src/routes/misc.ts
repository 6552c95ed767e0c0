import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/contract/index';
import { ErrorCode, fail } from '../common/errors';
import type { Ctx } from '../context';
import { requestLocale } from '../services/messages/localized';
import { blobStoreFor } from '../services/platform/blob-store';
import * as content from '../services/platform/content';
import { countries } from '../services/platform/countries';
import { MAX_UPLOAD_BYTES, readUpload, storeUpload } from '../services/platform/uploads';
import { define } from './define';

export function miscRoutes(app: FastifyInstance, ctx: Ctx) {
  const { db, config } = ctx;
  define(app, ctx, api.misc.countryList, async ({ query }) => countries(query.isWhitelist === '1'));
  define(app, ctx, api.misc.coinList, () => content.coins(db));
  define(app, ctx, api.misc.appConfig, () =>
    content.appConfig(db, ctx.config.tron.explorerTxUrl ?? null, ctx.config.securityHoldHours),
  );
  define(app, ctx, api.misc.article, ({ params, req }) => content.article(params.articleType, requestLocale(req.headers)));
  define(app, ctx, api.misc.customerList, async () => content.customerServices());
  define(
    app,
    ctx,
    api.misc.upload,
    async ({ userId, req }) => {
      if (!req.isMultipart()) fail(ErrorCode.BAD_REQUEST, 'Send multipart/form-data with a part named file');
      const file = await req.file();
      if (file?.fieldname !== 'file') fail(ErrorCode.BAD_REQUEST, 'Send multipart/form-data with a part named file');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        return fail(ErrorCode.FILE_TOO_LARGE, 'The file is larger than 5 MB');
      }
      if (file.file.truncated || data.length > MAX_UPLOAD_BYTES) fail(ErrorCode.FILE_TOO_LARGE, 'The file is larger than 5 MB');
      return storeUpload(db, blobStoreFor(config), userId, data);
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  define(app, ctx, api.misc.image, ({ userId, params }) => readUpload(db, blobStoreFor(config), userId, params.id));
}
