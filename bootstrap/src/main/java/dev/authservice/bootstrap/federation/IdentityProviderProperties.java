package dev.authservice.bootstrap.federation;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * One provider under {@code auth.identity-providers.<name>}: {@code issuer}, {@code client-id}, either
 * {@code client-secret} or {@code private-key-file} (with {@code key-id}, {@code signing-algorithm} and
 * {@code client-assertion-audience}), {@code scopes} (beside {@code openid}), {@code display-name} (the name when
 * unset), {@code sign-up} (whether an identity linked to no account makes one; off when unset), and
 * {@code second-factor-acr} and {@code second-factor-amr} (the ID token's values that stand for the account's own
 * second factor; none when unset).
 */
@EachProperty("auth.identity-providers")
class IdentityProviderProperties {

    private final String name;
    private String issuer;
    private String clientId;
    private String clientSecret;
    private String privateKeyFile;
    private String keyId;
    private String signingAlgorithm;
    private String clientAssertionAudience;
    private List<String> scopes = List.of();
    private String displayName;
    private boolean signUp;
    private List<String> secondFactorAcr = List.of();
    private List<String> secondFactorAmr = List.of();

    IdentityProviderProperties(@Parameter String name) {
        this.name = name;
    }

    String name() {
        return name;
    }

    @Nullable
    public String getIssuer() {
        return issuer;
    }

    public void setIssuer(@Nullable String issuer) {
        this.issuer = issuer;
    }

    @Nullable
    public String getClientId() {
        return clientId;
    }

    public void setClientId(@Nullable String clientId) {
        this.clientId = clientId;
    }

    @Nullable
    public String getClientSecret() {
        return clientSecret;
    }

    public void setClientSecret(@Nullable String clientSecret) {
        this.clientSecret = clientSecret;
    }

    @Nullable
    public String getPrivateKeyFile() {
        return privateKeyFile;
    }

    public void setPrivateKeyFile(@Nullable String privateKeyFile) {
        this.privateKeyFile = privateKeyFile;
    }

    @Nullable
    public String getKeyId() {
        return keyId;
    }

    public void setKeyId(@Nullable String keyId) {
        this.keyId = keyId;
    }

    @Nullable
    public String getSigningAlgorithm() {
        return signingAlgorithm;
    }

    public void setSigningAlgorithm(@Nullable String signingAlgorithm) {
        this.signingAlgorithm = signingAlgorithm;
    }

    @Nullable
    public String getClientAssertionAudience() {
        return clientAssertionAudience;
    }

    public void setClientAssertionAudience(@Nullable String clientAssertionAudience) {
        this.clientAssertionAudience = clientAssertionAudience;
    }

    public List<String> getScopes() {
        return scopes;
    }

    public void setScopes(List<String> scopes) {
        this.scopes = List.copyOf(scopes);
    }

    @Nullable
    public String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(@Nullable String displayName) {
        this.displayName = displayName;
    }

    public boolean isSignUp() {
        return signUp;
    }

    public void setSignUp(boolean signUp) {
        this.signUp = signUp;
    }

    public List<String> getSecondFactorAcr() {
        return secondFactorAcr;
    }

    public void setSecondFactorAcr(List<String> secondFactorAcr) {
        this.secondFactorAcr = List.copyOf(secondFactorAcr);
    }

    public List<String> getSecondFactorAmr() {
        return secondFactorAmr;
    }

    public void setSecondFactorAmr(List<String> secondFactorAmr) {
        this.secondFactorAmr = List.copyOf(secondFactorAmr);
    }
}
