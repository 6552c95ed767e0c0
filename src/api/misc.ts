/** Reference data (countries, coins, app config, articles, support contacts) and the user's files. */
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { QueryOf } from '../contract/endpoint';
import type { articleType } from '../contract/misc';
import { miscApi } from '../contract/misc';
import { call, download, type RequestOptions, type UploadOptions, upload } from './client';
import { queryKeys } from './query-keys';

const misc = miscApi;
export type ArticleType = z.infer<typeof articleType>;

export const listCountries = (query: QueryOf<typeof misc.countryList> = {}, opts?: RequestOptions) =>
  call(misc.countryList, { query, ...opts });

export const listCoins = (opts?: RequestOptions) => call(misc.coinList, { ...opts });

export const getAppConfig = (opts?: RequestOptions) => call(misc.appConfig, { ...opts });

export const getArticle = (type: ArticleType, opts?: RequestOptions) =>
  call(misc.article, { params: { articleType: type }, ...opts });

/** Uploads one image (JPEG, PNG or WebP, at most 5 MB) and resolves with its id. */
export const uploadFile = (file: Blob, opts?: UploadOptions) => upload(misc.upload, file, opts);

/** One of the caller's own uploads, as a Blob. */
export const getUploadedImage = (id: string, opts?: RequestOptions) => download(misc.image, { params: { id }, ...opts });

export const listCustomerServices = (opts?: RequestOptions) => call(misc.customerList, { ...opts });

export const countriesQueryOptions = (isWhitelist?: '0' | '1') =>
  queryOptions({
    queryKey: queryKeys.countries(isWhitelist),
    queryFn: ({ signal }) => listCountries({ isWhitelist }, { signal }),
    staleTime: 60 * 60_000,
  });

export const coinsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.coins,
    queryFn: ({ signal }) => listCoins({ signal }),
  });

/** Also the version check of SPEC §4: the app layer compares `appVersion` with the stored one. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getAppConfig({ signal }),
  });

/** Persisted: the agreement and privacy pages are on the login whitelist and should open offline. */
export const articleQueryOptions = (type: ArticleType) =>
  queryOptions({
    queryKey: queryKeys.article(type),
    queryFn: ({ signal }) => getArticle(type, { signal }),
    staleTime: 60 * 60_000,
  });

export const customerServicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.customers,
    queryFn: ({ signal }) => listCustomerServices({ signal }),
    staleTime: 60 * 60_000,
  });

/** Kept in memory only (never persisted): an upload never changes, so it is fetched once a session. */
export const uploadedImageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.uploadedImage(id),
    queryFn: ({ signal }) => getUploadedImage(id, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
