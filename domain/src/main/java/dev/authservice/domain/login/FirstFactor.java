package dev.authservice.domain.login;

/**
 * What a pending login proved before its second factor: the password, or an identity provider's word for a linked
 * identity. The second factor completes either; the session's {@code amr} names both.
 */
public enum FirstFactor {
    PASSWORD,
    EXTERNAL_PROVIDER
}
