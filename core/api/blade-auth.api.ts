/**
 * The sign-in calls of the first page load. The descriptors are `AUTH` (core/contract/blade-auth.contract.ts); this
 * client is written by hand so that the login page does not download zod: it imports the zod-free AUTH_PATHS and
 * takes its answer types from the descriptors as types only (erased at build).
 */
import { AUTH_PATHS, type LoginArgs, loginParams } from '../contract/auth-paths.ts';
import type { AUTH, TokenResponse } from '../contract/blade-auth.contract.ts';
import type { AnswerOf } from '../contract/endpoint.ts';
import { HEADERS, type R } from '../contract/wire.ts';
import { api } from './api.ts';

type LoginConfig = AnswerOf<typeof AUTH.loginConfig>;
type CaptchaResponse = AnswerOf<typeof AUTH.captcha>;
type LogoutAnswer = AnswerOf<typeof AUTH.logout>;

export const bladeAuthApi = api.injectEndpoints({
  endpoints: (b) => ({
    loginConfig: b.query<LoginConfig, void>({
      query: () => AUTH_PATHS.loginConfig,
      transformResponse: (r: R<LoginConfig>) => r.data,
      providesTags: ['LoginConfig'],
      extraOptions: { silent: true },
    }),
    captcha: b.query<CaptchaResponse, void>({
      query: () => AUTH_PATHS.captcha,
      keepUnusedDataFor: 0,
    }),
    login: b.mutation<TokenResponse, LoginArgs>({
      query: (a) => ({
        url: AUTH_PATHS.token,
        method: 'POST',
        params: loginParams(a),
        headers: {
          [HEADERS.tenant]: a.tenantId,
          ...(a.captchaMode
            ? { [HEADERS.captchaKey]: a.captchaKey ?? '', [HEADERS.captchaCode]: a.captchaCode ?? '' }
            : {}),
        },
      }),
    }),
    refreshToken: b.mutation<TokenResponse, { refreshToken: string; tenantId: string }>({
      query: (a) => ({
        url: AUTH_PATHS.token,
        method: 'POST',
        params: { refresh_token: a.refreshToken, grant_type: 'refresh_token', scope: 'all', tenant: a.tenantId },
        headers: { [HEADERS.tenant]: a.tenantId },
      }),
      extraOptions: { silent: true },
    }),
    logout: b.mutation<R<LogoutAnswer>, void>({
      query: () => AUTH_PATHS.logout,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useLoginConfigQuery, useCaptchaQuery, useLoginMutation } = bladeAuthApi;
