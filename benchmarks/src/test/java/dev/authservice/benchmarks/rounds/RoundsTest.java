package dev.authservice.benchmarks.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundsTest {

    @Test
    void aRatioIsTheMedianOfEachRoundsOwnRatioNotTheRatioOfTheMedians() {
        // Rounds of 0.9, 0.5 and 1.0; the medians alone, 20 / 20, would say 1.0.
        assertEquals(0.9, Rounds.medianRatio(List.of(9.0, 30.0, 20.0), List.of(10.0, 60.0, 20.0)), 1e-9);
    }

    @Test
    void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
        assertEquals(0.75, Rounds.medianRatio(List.of(1.0, 1.0), List.of(2.0, 1.0)), 1e-9);
    }

    @Test
    void eachFiguresValuesAreKeptRoundByRoundInTheOrderFirstMeasured() {
        Rounds rounds = new Rounds();
        for (double[] round : new double[][] {{3.0, 1.5}, {1.0, 2.0}, {2.0, 1.0}}) {
            rounds.add("ping_rps", round[0]);
            rounds.add("login_rps", round[1]);
        }

        assertEquals(List.of("ping_rps", "login_rps"), List.copyOf(rounds.all().keySet()));
        assertEquals(List.of(3.0, 1.0, 2.0), rounds.of("ping_rps"));
        assertEquals(2.0, rounds.median("ping_rps"), 1e-9);
        // Rounds of 0.5, 2.0 and 0.5.
        assertEquals(0.5, rounds.medianRatio("login_rps", "ping_rps"), 1e-9);
    }
}
