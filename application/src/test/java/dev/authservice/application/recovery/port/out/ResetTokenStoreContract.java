package dev.authservice.application.recovery.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.recovery.PasswordFingerprint;
import dev.authservice.domain.recovery.Redemption;
import dev.authservice.domain.recovery.ResetToken;
import dev.authservice.domain.recovery.ResetTokenHash;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResetTokenStore} promises. An implementation's test hands out an empty store whose users
 * {@link #aUser()} makes.
 */
public abstract class ResetTokenStoreContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final PasswordFingerprint FINGERPRINT = PasswordFingerprint.of(new PasswordHash("hash"));

    private ResetTokenStore store;

    protected abstract ResetTokenStore emptyResetTokenStore();

    /** A user the store may hold tokens of: one that exists where the store needs it to. */
    protected abstract UserId aUser();

    @BeforeEach
    void startEmpty() {
        store = emptyResetTokenStore();
    }

    @Test
    void anIssuedTokenIsFoundByItsHashAsIssued() {
        ResetToken token = token(aUser(), "one", NOW);
        store.issue(token);
        assertEquals(Optional.of(token), store.find(token.hash()));
        assertEquals(Optional.empty(), store.find(ResetTokenHash.of("other")));
    }

    @Test
    void aNewerTokenSupersedesTheLiveOneOfTheSameUserOnly() {
        UserId alice = aUser();
        UserId bob = aUser();
        ResetToken first = token(alice, "first", NOW);
        ResetToken ofBob = token(bob, "bob", NOW);
        store.issue(first);
        store.issue(ofBob);
        ResetToken second = token(alice, "second", NOW.plusSeconds(1));
        store.issue(second);
        assertEquals(ResetToken.State.SUPERSEDED, store.find(first.hash()).orElseThrow().state());
        assertEquals(ResetToken.State.LIVE, store.find(second.hash()).orElseThrow().state());
        assertEquals(ResetToken.State.LIVE, store.find(ofBob.hash()).orElseThrow().state());
    }

    @Test
    void aTokenIsUsedOnce() {
        ResetToken token = token(aUser(), "one", NOW);
        store.issue(token);
        ResetToken used = used(token);
        assertTrue(store.use(used));
        assertEquals(Optional.of(used), store.find(token.hash()));
        assertFalse(store.use(used));
    }

    @Test
    void aSupersededTokenIsNotUsed() {
        UserId user = aUser();
        ResetToken first = token(user, "first", NOW);
        store.issue(first);
        store.issue(token(user, "second", NOW.plusSeconds(1)));
        assertFalse(store.use(used(first)));
        assertEquals(ResetToken.State.SUPERSEDED, store.find(first.hash()).orElseThrow().state());
    }

    @Test
    void ofUsesAtOnceOneWrites() throws Exception {
        ResetToken token = token(aUser(), "raced", NOW);
        store.issue(token);
        List<Callable<Boolean>> uses = IntStream.range(0, 8)
                .<Callable<Boolean>>mapToObj(i -> () -> store.use(used(token))).toList();
        assertEquals(1, AtTheSameTime.run(uses).stream().filter(Boolean::booleanValue).count());
    }

    @Test
    void ofIssuesAtOnceForOneUserOneStaysLive() throws Exception {
        UserId user = aUser();
        List<ResetToken> issued = IntStream.range(0, 8).mapToObj(i -> token(user, "raced-" + i, NOW)).toList();
        AtTheSameTime.run(issued.stream().<Callable<Boolean>>map(token -> () -> {
            store.issue(token);
            return true;
        }).toList());
        assertEquals(1, issued.stream().map(token -> store.find(token.hash()).orElseThrow().state())
                .filter(ResetToken.State.LIVE::equals).count());
    }

    @Test
    void expiredTokensAreForgottenInBatches() {
        UserId user = aUser();
        ResetToken old = token(user, "old", NOW.minus(Duration.ofHours(2)));
        ResetToken older = token(aUser(), "older", NOW.minus(Duration.ofHours(3)));
        ResetToken live = token(aUser(), "live", NOW);
        store.issue(old);
        store.issue(older);
        store.issue(live);
        assertEquals(1, store.forgetExpiredBy(NOW, 1));
        assertEquals(1, store.forgetExpiredBy(NOW, 10));
        assertEquals(0, store.forgetExpiredBy(NOW, 10));
        assertEquals(Optional.empty(), store.find(old.hash()));
        assertEquals(Optional.of(live), store.find(live.hash()));
    }

    protected static UserId randomUserId() {
        return new UserId(UUID.randomUUID());
    }

    private static ResetToken token(UserId user, String value, Instant issuedAt) {
        return ResetToken.issue(ResetTokenHash.of(value), user, FINGERPRINT, issuedAt, ResetTokenPolicy.defaults());
    }

    private static ResetToken used(ResetToken token) {
        return token.redeem(token.issuedAt(), FINGERPRINT).match(Redemption.Accepted::used, refused -> {
            throw new AssertionError(refused);
        });
    }
}
