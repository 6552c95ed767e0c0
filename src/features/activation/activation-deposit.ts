/** The recharge the activation prompt asks for: USDT on TRON, the default currency (SPEC §3). */
export const ACTIVATION_DEPOSIT = { currency: 'USDT', network: 'TRC20' } as const;
