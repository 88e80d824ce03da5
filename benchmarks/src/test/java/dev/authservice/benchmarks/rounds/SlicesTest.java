package dev.authservice.benchmarks.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SlicesTest {

    @Test
    void eachRoundMeasuresTheServersInTurnStartingOneFurtherAlong() {
        List<String> servers = List.of("HS256", "ES256", "EdDSA");

        assertEquals(List.of("HS256", "ES256", "EdDSA"), Slices.inTurn(servers, 1));
        assertEquals(List.of("ES256", "EdDSA", "HS256"), Slices.inTurn(servers, 2));
        assertEquals(List.of("EdDSA", "HS256", "ES256"), Slices.inTurn(servers, 3));
        assertEquals(List.of("HS256", "ES256", "EdDSA"), Slices.inTurn(servers, 4));
        assertEquals(List.of("HS256"), Slices.inTurn(List.of("HS256"), 2));
    }
}
