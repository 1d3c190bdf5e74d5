<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>/work/main/build/release/tests/irregular/neighbor</arg>
  <arg>-i</arg>
  <arg>20</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="1.6717557251908397" trace-length="438" signature-length="262"/>
 <sites>
  <site id="0" module="/work/main/build/release/tests/irregular/neighbor" offset="4769" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="20"/>
  <site id="1" module="/work/main/build/release/tests/irregular/neighbor" offset="5311" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="29"/>
  <site id="2" module="/work/main/build/release/tests/irregular/neighbor" offset="5419" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="32"/>
  <site id="3" module="/work/main/build/release/tests/irregular/neighbor" offset="5458" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="33"/>
  <site id="4" module="/work/main/build/release/tests/irregular/neighbor" offset="5560" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="39"/>
  <site id="5" module="/work/main/build/release/tests/irregular/neighbor" offset="5633" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="42"/>
  <site id="6" module="/work/main/build/release/tests/irregular/neighbor" offset="5802" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="53"/>
  <site id="7" module="/work/main/build/release/tests/irregular/neighbor" offset="5956" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="8" module="/work/main/build/release/tests/irregular/neighbor" offset="6464" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="68"/>
  <site id="9" module="/work/main/build/release/tests/irregular/neighbor" offset="6580" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="71"/>
  <site id="10" module="/work/main/build/release/tests/irregular/neighbor" offset="6831" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="79"/>
  <site id="11" module="/work/main/build/release/tests/irregular/neighbor" offset="7219" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="108"/>
  <site id="12" module="/work/main/build/release/tests/irregular/neighbor" offset="7324" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="110"/>
  <site id="13" module="/work/main/build/release/tests/irregular/neighbor" offset="7627" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="125"/>
  <site id="14" module="/work/main/build/release/tests/irregular/neighbor" offset="7770" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="132"/>
  <site id="15" module="/work/main/build/release/tests/irregular/neighbor" offset="7854" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="136"/>
  <site id="16" module="/work/main/build/release/tests/irregular/neighbor" offset="7956" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="138"/>
  <site id="17" module="/work/main/build/release/tests/irregular/neighbor" offset="8037" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="141"/>
  <site id="18" module="/work/main/build/release/tests/irregular/neighbor" offset="8654" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="151"/>
  <site id="19" module="/work/main/build/release/tests/irregular/neighbor" offset="8106" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="20" module="/work/main/build/release/tests/irregular/neighbor" offset="8169" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="158"/>
  <site id="21" module="/work/main/build/release/tests/irregular/neighbor" offset="8258" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="167"/>
  <site id="22" module="/work/main/build/release/tests/irregular/neighbor" offset="8271" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="168"/>
  <site id="23" module="/work/main/build/release/tests/irregular/neighbor" offset="8284" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="169"/>
  <site id="24" module="/work/main/build/release/tests/irregular/neighbor" offset="8297" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="170"/>
  <site id="25" module="/work/main/build/release/tests/irregular/neighbor" offset="8310" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="171"/>
  <site id="26" module="/work/main/build/release/tests/irregular/neighbor" offset="8323" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="172"/>
  <site id="27" module="/work/main/build/release/tests/irregular/neighbor" offset="8364" function="main" file="/work/main/tests/e2e/irregular/neighbor.c" line="177"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1292832255972218122" created-by="MPI_Cart_create" parent-slot="0" members="0 1" dims="2" periods="1"/>
  <comm id="2" gid="4565969118954388142" created-by="MPI_Cart_create" parent-slot="0" members="0 1" dims="2 1" periods="0 1"/>
  <comm id="3" gid="3589745876287116678" created-by="MPI_Cart_sub" parent-slot="3" members="0 1" dims="2" periods="0"/>
  <comm id="4" gid="323798209405797910" created-by="MPI_Dist_graph_create_adjacent" parent-slot="0" members="0 1" graph="1">
   <neighbors member="0" in="1" out="1"/>
   <neighbors member="1" in="0" out="0"/>
  </comm>
  <comm id="5" gid="4774745380930371071" created-by="MPI_Dist_graph_create" parent-slot="0" members="0 1" graph="1">
   <neighbors member="0" in="1" out="1"/>
   <neighbors member="1" in="0" out="0"/>
  </comm>
  <comm id="6" gid="4954947695199183970" created-by="MPI_Graph_create" parent-slot="0" members="0 1" graph="1">
   <neighbors member="0" in="1 1" out="1 1"/>
   <neighbors member="1" in="0 0" out="0 0"/>
  </comm>
 </comms>
 <ranks>
  <rank id="0" class="0" events="219" time-ns="51236158" compute-ns="1510751" mpi-ns="44951797" per-event-ns="73" comms="0 - 1 2 3 4 5 6"/>
  <rank id="1" class="0" events="219" time-ns="51174743" compute-ns="1448569" mpi-ns="45382727" per-event-ns="70" comms="0 - 1 2 3 4 5 6"/>
 </ranks>
 <class id="0" ranks="0 1" program="2" events="219" length="131" time-ns="51205450.5">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="5979" max="6858" shift="73"/>
   <duration min="43308588" max="43326419"/>
  </symbol>
  <symbol id="1" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="8359" max="14432" shift="73"/>
   <duration min="48282" max="473686"/>
  </symbol>
  <symbol id="2" call="MPI_Cart_create" comm="0" newcomm="3" site="2" prev-site="1" occurrences="2" ws="1449984" ws-samples="2">
   <side role="member" events="2" count="0"/>
   <compute min="345221" max="359936" shift="73"/>
   <compute-cpu min="152867" max="166245" shift="73"/>
   <duration min="388350" max="397077"/>
  </symbol>
  <symbol id="3" call="MPI_Cart_sub" comm="3" newcomm="4" site="3" prev-site="2" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="4411" max="4719" shift="73"/>
   <duration min="19749" max="353667"/>
  </symbol>
  <symbol id="4" call="MPI_Dist_graph_create_adjacent" comm="0" newcomm="5" site="4" prev-site="3" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="3172" max="4136" shift="73"/>
   <duration min="12259" max="346646"/>
  </symbol>
  <symbol id="5" call="MPI_Dist_graph_create" comm="0" newcomm="6" site="5" prev-site="4" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="3505" max="3873" shift="73"/>
   <duration min="40661" max="40901"/>
  </symbol>
  <symbol id="6" call="MPI_Graph_create" comm="0" newcomm="7" site="6" prev-site="5" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="2451" max="2553" shift="73"/>
   <duration min="10466" max="10837"/>
  </symbol>
  <symbol id="7" call="MPI_Barrier" comm="0" site="7" prev-site="6" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="48310.5" min="28813" max="67808" shift="73" buckets="738:1 801:1"/>
   <compute-cpu mean="47363.5" min="27841" max="66886" shift="73" buckets="735:1 801:1"/>
   <duration min="4086" max="43084"/>
  </symbol>
  <symbol id="8" call="MPI_Neighbor_alltoall" comm="2" dtsize="8" site="8" prev-site="7" occurrences="2">
   <side role="member" events="2" count="512" bytes="8192" rbytes="8192"/>
   <compute mean="3378.5" min="3285" max="3472" shift="73" buckets="579:1 584:1"/>
   <duration min="29464" max="31467"/>
  </symbol>
  <symbol id="9" call="MPI_Neighbor_allgather" comm="2" dtsize="8" site="9" prev-site="8" occurrences="40">
   <side role="member" events="40" count="128" bytes="2048" rbytes="2048"/>
   <compute mean="397.725" min="7" max="7979" shift="73" buckets="137:2 203:7 212:2 234:4 243:4 256:1 259:2 260:4 264:1 273:1 278:5 279:1 312:1 372:1 385:1 420:1 623:1 647:1"/>
   <duration mean="3708.2" min="1022" max="16464" buckets="499:1 500:1 501:1 502:3 503:2 504:1 505:4 506:2 507:2 509:1 523:1 533:1 555:1 556:1 557:1 560:1 568:1 571:1 574:1 576:1 613:2 618:1 622:1 623:1 631:1 635:1 648:1 663:1 669:1 695:1 700:1"/>
  </symbol>
  <symbol id="10" call="MPI_Neighbor_alltoallv" comm="2" dtsize="8" site="10" prev-site="9" occurrences="40">
   <side role="member" events="40" count="768" bytes="6144" rbytes="6144"/>
   <compute mean="35216.725" min="32405" max="81078" shift="73" buckets="749:19 750:13 751:6 809:1 811:1"/>
   <compute-cpu mean="34823.3" min="32405" max="80237" shift="73" buckets="749:36 751:2 809:1 811:1"/>
   <duration mean="6573.925" min="1442" max="20370" buckets="520:1 525:1 528:1 532:1 534:3 535:1 540:1 552:1 553:2 556:2 562:1 585:1 613:1 615:1 616:1 617:1 618:1 619:1 632:1 634:1 635:1 648:1 650:1 653:2 659:1 660:1 661:1 664:1 668:1 670:1 678:1 680:1 685:1 709:1 712:1"/>
  </symbol>
  <symbol id="11" call="MPI_Ineighbor_alltoallw" comm="4" dtsize="1" site="11" prev-site="10" occurrences="40">
   <side role="member" events="40" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="811.075" min="658" max="2544" shift="73" buckets="464:2 465:7 466:4 467:2 468:3 469:2 470:3 471:2 472:2 473:1 475:4 476:1 478:1 480:1 483:1 490:1 493:1 553:1 561:1"/>
   <duration mean="1543.825" min="480" max="9284" buckets="443:2 445:2 447:2 449:3 450:5 451:1 452:1 453:5 454:3 457:1 458:2 463:1 464:1 470:1 471:1 566:1 569:2 574:1 601:1 603:1 625:1 655:1 656:1"/>
  </symbol>
  <symbol id="12" call="MPI_Wait" comm="0" site="12" prev-site="11" occurrences="40">
   <side role="member" events="40" count="0"/>
   <link dist="1" index="0" call="MPI_Ineighbor_alltoallw"/>
   <compute mean="8756.2" min="8092" max="20871" shift="73" buckets="648:18 650:16 651:4 711:1 713:1"/>
   <compute-cpu mean="8736.425" min="8092" max="20080" shift="73" buckets="648:18 650:16 651:4 711:2"/>
   <duration mean="792.575" min="321" max="6059" buckets="412:1 416:1 418:8 420:3 422:3 424:5 426:3 428:1 433:1 434:2 435:1 436:1 443:1 447:1 451:2 452:1 550:1 551:1 561:1 612:1 623:1"/>
  </symbol>
  <symbol id="13" call="MPI_Alltoallw" comm="0" dtsize="1" site="13" prev-site="12" occurrences="40">
   <side role="member" events="40" count="640" bytes="640" rbytes="640"/>
   <compute mean="267.1" min="88" max="2554" shift="73" buckets="317:1 325:3 328:1 333:1 335:2 342:2 344:5 350:3 351:2 353:1 355:2 357:1 360:1 362:2 367:1 371:1 372:1 373:1 380:1 381:2 388:1 392:1 396:1 429:1 556:1 562:1"/>
   <duration mean="2134.625" min="561" max="11296" buckets="454:1 455:1 457:1 458:1 459:1 460:1 461:5 465:2 468:1 469:1 471:1 479:1 482:1 483:1 490:1 491:1 494:1 506:1 510:1 513:1 515:1 520:1 544:1 556:1 567:1 568:2 571:1 572:1 599:1 611:1 627:1 634:1 668:2"/>
  </symbol>
  <symbol id="14" call="MPI_Neighbor_alltoallv" comm="5" dtsize="8" site="14" prev-site="13" occurrences="14">
   <side role="member" events="14" count="128" bytes="1024" rbytes="1024"/>
   <compute mean="143.78571428571428" min="47" max="601" shift="73" buckets="273:1 278:1 279:1 287:1 292:2 302:1 310:1 320:1 328:1 333:1 335:1 452:1 458:1"/>
   <duration mean="2470.1428571428573" min="751" max="8633" buckets="473:1 475:2 478:1 484:1 485:1 486:3 498:1 605:1 620:1 636:1 652:1"/>
  </symbol>
  <symbol id="15" call="MPI_Ineighbor_allgather" comm="6" dtsize="8" site="15" prev-site="14" occurrences="40">
   <side role="member" events="40" count="64" bytes="512" rbytes="512"/>
   <compute mean="163.825" min="77" max="1352" shift="73" buckets="310:6 312:5 317:4 320:4 325:2 328:5 333:2 342:1 344:1 350:1 351:1 358:2 360:2 402:2 501:1 516:1"/>
   <duration mean="1095.425" min="390" max="6820" buckets="426:3 428:1 430:2 432:1 434:3 435:1 436:2 437:2 438:2 439:2 440:2 441:2 443:2 445:3 449:2 459:1 561:1 562:2 563:1 565:1 567:1 578:1 598:1 633:1"/>
  </symbol>
  <symbol id="16" call="MPI_Wait" comm="0" site="16" prev-site="15" occurrences="40">
   <side role="member" events="40" count="0"/>
   <link dist="1" index="0" call="MPI_Ineighbor_allgather"/>
   <compute mean="4199.35" min="3963" max="8269" shift="73" buckets="596:16 597:20 599:2 648:1 650:1"/>
   <duration mean="548.025" min="280" max="2283" buckets="404:1 406:1 408:2 410:4 412:4 414:4 416:6 418:2 420:4 424:1 426:1 430:1 441:1 445:1 449:1 454:1 467:1 552:1 553:1 554:1 555:1"/>
  </symbol>
  <symbol id="17" call="MPI_Neighbor_alltoall" comm="7" dtsize="8" site="17" prev-site="16" occurrences="40">
   <side role="member" events="40" count="256" bytes="4096" rbytes="4096"/>
   <compute mean="276.775" min="20" max="4867" shift="73" buckets="212:7 218:1 234:1 243:7 256:10 264:1 273:5 275:1 278:1 287:1 310:1 312:1 335:1 607:1 609:1"/>
   <duration mean="5924" min="1181" max="13870" buckets="507:1 508:1 509:1 510:1 511:1 513:1 515:1 516:1 517:1 519:1 520:2 522:1 523:1 525:1 573:1 608:1 609:1 610:1 611:1 612:2 630:1 635:1 636:2 647:1 652:1 657:1 659:1 666:1 667:1 669:1 670:1 674:3 676:1 677:1 684:1"/>
  </symbol>
  <symbol id="18" call="MPI_Neighbor_allgatherv" comm="4" dtsize="8" site="18" prev-site="17" occurrences="4">
   <side role="member" events="4" count="256" bytes="4096" rbytes="4096"/>
   <compute mean="732.5" min="168" max="1443" shift="73" buckets="366:1 370:1 505:1 520:1"/>
   <duration mean="6149.25" min="1362" max="10155" buckets="516:1 588:1 657:1 661:1"/>
  </symbol>
  <symbol id="19" call="MPI_Neighbor_alltoall" comm="2" dtsize="8" site="8" prev-site="18" occurrences="4">
   <side role="member" events="4" count="512" bytes="8192" rbytes="8192"/>
   <compute mean="924.75" min="751" max="1149" shift="73" buckets="473:1 474:1 501:1 505:1"/>
   <duration mean="13948.25" min="10716" max="16685" buckets="665:1 674:1 698:1 700:1"/>
  </symbol>
  <symbol id="20" call="MPI_Neighbor_alltoallv" comm="5" dtsize="8" site="14" prev-site="13" occurrences="14">
   <side role="member" events="14" count="129" bytes="1032" rbytes="1032"/>
   <compute mean="110.92857142857143" min="48" max="250" shift="73" buckets="275:1 287:1 292:5 302:2 325:1 373:1 392:2 397:1"/>
   <duration mean="1811.357142857143" min="802" max="5569" buckets="478:2 479:2 480:1 483:1 484:1 486:1 487:1 488:1 573:1 574:1 614:1 617:1"/>
  </symbol>
  <symbol id="21" call="MPI_Neighbor_alltoall" comm="2" dtsize="8" site="8" prev-site="17" occurrences="34">
   <side role="member" events="34" count="512" bytes="8192" rbytes="8192"/>
   <compute mean="629.8823529411765" min="581" max="799" shift="73" buckets="456:2 457:3 458:2 459:8 460:5 461:4 462:2 463:3 464:2 470:1 471:1 478:1"/>
   <duration mean="10528.088235294117" min="5288" max="18467" buckets="614:1 616:1 627:1 633:1 635:1 638:2 639:1 640:1 642:1 644:1 645:1 653:2 654:1 657:1 658:1 660:1 663:3 664:1 671:1 673:1 674:1 677:1 687:1 689:1 695:1 697:1 698:2 703:1 706:1"/>
  </symbol>
  <symbol id="22" call="MPI_Neighbor_alltoallv" comm="5" dtsize="8" site="14" prev-site="13" occurrences="12">
   <side role="member" events="12" count="130" bytes="1040" rbytes="1040"/>
   <compute mean="73.75" min="57" max="111" shift="73" buckets="287:3 292:1 296:1 304:2 310:1 317:2 320:1 335:1"/>
   <duration mean="1811.75" min="761" max="7461" buckets="474:1 478:3 479:1 480:1 481:1 482:2 486:1 624:1 641:1"/>
  </symbol>
  <symbol id="23" call="MPI_Barrier" comm="0" site="19" prev-site="17" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="43.5" min="37" max="50" shift="73" buckets="256:1 278:1"/>
   <duration min="922" max="1202"/>
  </symbol>
  <symbol id="24" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="20" prev-site="19" occurrences="2">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="2076.5" min="1983" max="2170" shift="73" buckets="547:1 552:1"/>
   <duration min="6239" max="16565"/>
  </symbol>
  <symbol id="25" call="MPI_Comm_free" comm="7" site="21" prev-site="20" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="1312" max="41669" shift="73"/>
   <compute-cpu min="1312" max="15802" shift="73"/>
   <duration min="2544" max="3886"/>
  </symbol>
  <symbol id="26" call="MPI_Comm_free" comm="6" site="22" prev-site="21" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="384.5" min="321" max="448" shift="73" buckets="412:1 436:1"/>
   <duration min="370" max="691"/>
  </symbol>
  <symbol id="27" call="MPI_Comm_free" comm="5" site="23" prev-site="22" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="179" min="171" max="187" shift="73" buckets="367:1 372:1"/>
   <duration min="381" max="400"/>
  </symbol>
  <symbol id="28" call="MPI_Comm_free" comm="4" site="24" prev-site="23" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="119" min="111" max="127" shift="73" buckets="335:1 350:1"/>
   <duration min="320" max="511"/>
  </symbol>
  <symbol id="29" call="MPI_Comm_free" comm="3" site="25" prev-site="24" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="80" max="107" shift="73"/>
   <duration min="321" max="821"/>
  </symbol>
  <symbol id="30" call="MPI_Comm_free" comm="2" site="26" prev-site="25" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="139" min="130" max="148" shift="73" buckets="351:1 357:1"/>
   <duration min="351" max="460"/>
  </symbol>
  <symbol id="31" call="MPI_Finalize" comm="0" site="27" prev-site="26" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="558" max="681" shift="73"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="30" time-ns="257123.75105042028">
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="20"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="22"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
  </block>
  <block id="1" events="30" time-ns="257123.75105042025">
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="22"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="20"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
  </block>
  <block id="2" events="219" time-ns="3329418.5000000047">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <loop body="0" count="3"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="20"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="19"/>
   <loop body="1" count="2"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="22"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="21"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="20"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="30"/>
   <s ref="31"/>
  </block>
  <dominant block="0" count="3" share="0.23168347660447602" iteration-ns="257123.75105042028"/>
 </class>
</signature>
