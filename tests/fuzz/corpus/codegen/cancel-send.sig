<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>./cancel</arg>
  <arg>-i</arg>
  <arg>300</arg>
  <arg>-n</arg>
  <arg>256</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="11" trace-length="748" signature-length="68" messages-matched="600" messages-unreceived="12"/>
 <sites>
  <site id="0" module="/tmp/cx/cancel" offset="4597" function="main"/>
  <site id="1" module="/tmp/cx/cancel" offset="5180" function="main"/>
  <site id="2" module="/tmp/cx/cancel" offset="5190" function="main"/>
  <site id="3" module="/tmp/cx/cancel" offset="5363" function="main"/>
  <site id="4" module="/tmp/cx/cancel" offset="6130" function="main"/>
  <site id="5" module="/tmp/cx/cancel" offset="5946" function="main"/>
  <site id="6" module="/tmp/cx/cancel" offset="5954" function="main"/>
  <site id="7" module="/tmp/cx/cancel" offset="5965" function="main"/>
  <site id="8" module="/tmp/cx/cancel" offset="6054" function="main"/>
  <site id="9" module="/tmp/cx/cancel" offset="6062" function="main"/>
  <site id="10" module="/tmp/cx/cancel" offset="6073" function="main"/>
  <site id="11" module="/tmp/cx/cancel" offset="5593" function="main"/>
  <site id="12" module="/tmp/cx/cancel" offset="5616" function="main"/>
  <site id="13" module="/tmp/cx/cancel" offset="5627" function="main"/>
  <site id="14" module="/tmp/cx/cancel" offset="5715" function="main"/>
  <site id="15" module="/tmp/cx/cancel" offset="5808" function="main"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="374" time-ns="75170330" compute-ns="15327038" mpi-ns="51845464" per-event-ns="267" comms="0 -"/>
  <rank id="1" class="0" events="374" time-ns="75031186" compute-ns="15078016" mpi-ns="52811653" per-event-ns="358" comms="0 -"/>
 </ranks>
 <class id="0" ranks="0 1" program="3" events="374" length="34" time-ns="75100758">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="8508" min="7622" max="9394" shift="358" buckets="643:1 656:1"/>
   <duration min="50143153" max="50174385" shift="14"/>
  </symbol>
  <symbol id="1" call="MPI_Irecv" comm="0" tag="66" dtsize="4" site="1" prev-site="0" occurrences="2">
   <peer kind="any"/>
   <side role="member" events="2" count="1" bytes="4"/>
   <compute min="6815" max="9361" shift="358"/>
   <duration min="5455" max="8868" shift="14"/>
  </symbol>
  <symbol id="2" call="MPI_Barrier" comm="0" site="2" prev-site="1" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="9249" max="14811" shift="358"/>
   <duration min="11217" max="1261300" shift="14"/>
  </symbol>
  <symbol id="3" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="2" occurrences="2" match="0" match2="0">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="2" count="256" bytes="2048" rbytes="2048"/>
   <compute min="7909" max="14986" shift="358"/>
   <duration min="14673" max="21666" shift="14"/>
  </symbol>
  <symbol id="4" call="MPI_Test" comm="0" site="4" prev-site="3" occurrences="60">
   <side role="member" events="60" count="0"/>
   <compute mean="51080.566666666666" min="46557" max="119540" shift="358" buckets="770:7 771:19 772:9 773:6 774:4 775:1 776:4 777:3 778:2 781:1 785:1 815:1 837:1 841:1"/>
   <compute-cpu mean="50703.38333333333" min="46557" max="118577" shift="358" buckets="770:14 771:21 772:5 773:1 774:5 775:5 776:2 777:1 778:1 781:1 785:1 814:1 836:1 840:1"/>
   <duration mean="744.6333333333333" min="54" max="7624" shift="14" buckets="284:1 314:1 318:1 323:1 328:1 332:1 335:1 341:1 343:1 347:1 350:2 351:1 353:1 357:1 364:1 367:1 369:1 371:1 375:1 376:1 382:1 385:1 387:1 391:1 396:1 397:1 399:1 401:1 406:2 411:1 419:1 431:1 434:1 442:1 443:1 447:2 448:3 450:1 455:1 461:1 462:1 466:3 467:1 468:1 476:1 478:1 521:1 524:1 553:1 558:1 619:1 626:1 643:1"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="0" tag="67" dtsize="4" site="5" prev-site="4" occurrences="12">
   <peer kind="mod" value="1"/>
   <side role="member" events="12" count="1" bytes="4"/>
   <compute mean="159.41666666666666" min="0" max="838" shift="358" zeros="5" buckets="240:1 307:1 339:1 362:2 452:1 482:1"/>
   <duration mean="1120.25" min="324" max="2419" shift="14" buckets="413:1 451:1 471:1 480:1 495:1 499:2 500:1 503:1 519:1 550:1 559:1"/>
  </symbol>
  <symbol id="6" call="MPI_Cancel" comm="0" site="6" prev-site="5" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Irecv"/>
   <compute mean="1913.4166666666667" min="62" max="10053" shift="358" buckets="298:1 316:1 357:1 388:1 404:1 419:1 439:1 464:1 530:1 558:1 630:1 661:1"/>
   <duration mean="1755.8333333333333" min="448" max="4939" shift="14" buckets="437:1 456:1 469:1 476:1 477:1 487:1 502:1 503:1 559:1 565:1 607:1 610:1"/>
  </symbol>
  <symbol id="7" call="MPI_Wait" comm="0" site="7" prev-site="6" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Irecv" cancelled="1"/>
   <compute mean="690.8333333333334" min="0" max="1846" shift="358" zeros="2" buckets="250:1 382:1 419:1 433:1 443:1 480:1 506:2 537:1 539:1"/>
   <duration mean="1102.4166666666667" min="229" max="2563" shift="14" buckets="389:1 400:1 412:1 450:1 457:1 463:1 470:1 486:1 542:1 555:1 557:1 562:1"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="0" tag="68" dtsize="4" site="8" prev-site="7" occurrences="12">
   <peer kind="mod" value="1"/>
   <side role="member" events="12" count="1" bytes="4"/>
   <compute mean="5182.833333333333" min="212" max="49312" shift="358" buckets="382:1 412:1 443:1 446:1 461:1 474:1 476:1 520:1 557:1 563:1 566:1 774:1"/>
   <compute-cpu mean="5082.416666666667" min="212" max="48107" shift="358" buckets="382:1 412:1 443:1 446:1 461:1 474:1 476:1 520:1 557:1 563:1 566:1 772:1"/>
   <duration mean="1388.75" min="472" max="3072" shift="14" buckets="442:1 448:1 458:1 471:1 477:1 481:1 488:1 496:1 558:1 563:1 568:1 575:1"/>
  </symbol>
  <symbol id="9" call="MPI_Cancel" comm="0" site="9" prev-site="8" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute mean="5131.333333333333" min="0" max="53471" shift="358" zeros="3" buckets="234:1 332:1 374:1 376:1 378:1 437:1 492:1 627:1 781:1"/>
   <compute-cpu mean="4694.416666666667" min="0" max="47875" shift="358" zeros="3" buckets="234:1 332:1 374:1 376:1 378:1 437:1 492:1 627:1 773:1"/>
   <duration mean="336.5833333333333" min="11" max="770" shift="14" buckets="168:1 181:1 193:1 200:1 405:1 406:1 412:1 441:1 457:1 458:1 465:1 475:1"/>
  </symbol>
  <symbol id="10" call="MPI_Wait" comm="0" site="10" prev-site="9" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Isend"/>
   <compute mean="86.5" min="0" max="602" shift="358" zeros="8" buckets="50:1 181:1 433:1 458:1"/>
   <duration mean="138.91666666666666" min="25" max="333" shift="14" buckets="228:1 284:1 293:1 306:1 314:1 326:1 339:1 341:1 362:1 402:1 404:1 414:1"/>
  </symbol>
  <symbol id="11" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="10" occurrences="12" match="1" match2="1">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="12" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="228.33333333333334" min="32" max="760" shift="358" buckets="250:1 259:1 275:1 366:2 368:1 370:1 374:1 378:1 408:1 442:1 474:1"/>
   <duration mean="10209.25" min="1561" max="43466" shift="14" buckets="525:1 541:1 545:1 551:1 592:1 599:1 603:1 649:1 650:1 663:1 749:1 766:1"/>
  </symbol>
  <symbol id="12" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="3" occurrences="538" ws="61440" ws-samples="2" match="2" match2="2">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="538" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="49920.847583643124" min="46625" max="269469" shift="358" buckets="770:49 771:191 772:120 773:37 774:17 775:15 776:19 777:20 778:13 779:10 780:11 781:9 782:2 783:5 784:1 786:1 787:1 788:1 789:1 793:1 795:1 802:1 809:1 810:1 812:1 813:1 826:2 828:1 830:1 834:1 835:1 900:1 901:1"/>
   <compute-cpu mean="48958.30483271375" min="45919" max="151237" shift="358" buckets="769:1 770:94 771:244 772:56 773:11 774:24 775:20 776:19 777:14 778:10 779:13 780:5 781:4 782:2 783:3 784:2 785:1 787:1 788:1 793:1 801:1 808:1 810:1 812:2 824:1 825:1 826:1 827:1 833:1 857:2"/>
   <duration mean="4430.589219330855" min="666" max="405772" shift="14" buckets="465:1 475:1 486:1 490:1 497:1 500:4 501:3 502:3 503:4 504:1 505:6 506:11 507:11 508:11 509:9 510:6 511:14 512:7 513:14 514:8 515:14 516:13 517:6 518:10 519:9 520:8 521:14 522:8 523:2 524:13 525:9 526:5 527:3 528:7 529:5 530:3 531:8 532:4 533:2 534:7 535:3 536:5 537:3 538:8 539:3 540:5 541:1 542:2 543:3 544:1 545:1 547:4 548:3 550:4 551:5 552:3 553:1 554:2 555:3 556:1 557:5 558:6 559:1 560:1 561:2 562:1 563:4 564:2 566:1 567:6 569:4 570:1 571:2 572:3 573:6 575:2 576:2 577:2 578:2 579:1 580:2 581:2 582:3 583:2 584:1 585:2 586:2 587:2 589:1 590:2 591:1 592:2 593:1 595:1 596:1 598:3 600:3 601:1 602:1 604:1 605:1 607:1 608:1 609:2 610:4 611:1 612:3 614:1 615:1 617:1 618:2 619:1 622:2 623:1 624:2 625:1 626:2 627:1 628:1 630:2 631:1 632:4 633:2 634:1 635:3 636:1 637:1 638:2 640:1 641:2 642:2 643:1 645:2 647:1 648:4 649:3 650:4 651:1 653:3 654:5 655:1 656:4 657:3 658:1 659:1 661:3 662:4 666:1 667:1 670:1 671:1 674:4 676:3 677:1 678:1 680:1 681:1 682:2 690:1 694:1 695:1 699:1 701:1 711:1 712:1 720:1 755:1 760:1 767:1 800:1 927:1"/>
  </symbol>
  <symbol id="13" call="MPI_Sendrecv" comm="0" tag="1" tag2="1" dtsize="8" site="3" prev-site="4" occurrences="48" match="3" match2="3">
   <peer kind="mod" value="1"/>
   <peer2 kind="mod" value="1"/>
   <side role="member" events="48" count="256" bytes="2048" rbytes="2048"/>
   <compute mean="65.60416666666667" min="0" max="333" shift="358" zeros="19" buckets="50:1 150:1 203:2 259:2 260:1 267:1 268:1 276:1 304:1 308:2 312:1 319:2 328:1 331:1 332:1 343:1 344:1 348:1 358:1 362:1 388:1 392:1 402:1 412:1 414:1"/>
   <duration mean="5132.375" min="918" max="39934" shift="14" buckets="489:1 503:1 508:1 509:1 510:1 511:1 512:1 513:2 515:2 516:1 518:1 520:2 523:1 526:1 531:2 534:1 537:1 538:2 540:1 544:1 550:1 553:1 557:1 569:1 571:1 594:1 606:1 611:1 612:1 615:1 616:1 625:1 641:1 642:1 643:1 651:1 652:1 677:1 685:1 688:1 703:1 722:1 760:1"/>
  </symbol>
  <symbol id="14" call="MPI_Barrier" comm="0" site="11" prev-site="3" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute mean="48326" min="47336" max="49316" shift="358" buckets="771:1 775:1"/>
   <compute-cpu mean="46772" min="46661" max="46883" shift="358" buckets="770:1 771:1"/>
   <duration min="13154" max="15903" shift="14"/>
  </symbol>
  <symbol id="15" call="MPI_Cancel" comm="0" site="12" prev-site="11" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="13" index="0" call="MPI_Irecv"/>
   <compute min="12747" max="13633" shift="358"/>
   <duration min="698" max="1022" shift="14"/>
  </symbol>
  <symbol id="16" call="MPI_Wait" comm="0" site="13" prev-site="12" occurrences="2">
   <side role="member" events="2" count="0"/>
   <link dist="13" index="0" call="MPI_Irecv" cancelled="1"/>
   <compute mean="466.5" min="276" max="657" shift="358" buckets="404:1 464:1"/>
   <duration min="157" max="588" shift="14"/>
  </symbol>
  <symbol id="17" call="MPI_Reduce" comm="0" dtsize="8" op="MPI_SUM" site="14" prev-site="13" occurrences="2">
   <root kind="abs" value="0"/>
   <side role="member" events="1" count="1" bytes="8"/>
   <side role="root" events="1" count="1" bytes="8" rbytes="8"/>
   <compute mean="3247" min="3072" max="3422" shift="358" buckets="574:1 583:1"/>
   <duration min="41492" max="76099" shift="14"/>
  </symbol>
  <symbol id="18" call="MPI_Finalize" comm="0" site="15" prev-site="14" occurrences="2">
   <side role="member" events="2" count="0"/>
   <compute min="10108" max="101029" shift="358"/>
   <compute-cpu mean="23974" min="10108" max="37840" shift="358" buckets="661:1 758:1"/>
   <duration min="0" max="0" shift="14"/>
  </symbol>
  <block id="0" events="1" time-ns="54351.43680297398">
   <s ref="12"/>
  </block>
  <block id="1" events="11" time-ns="546186.1103934324">
   <loop body="0" count="9"/>
   <s ref="4"/>
   <s ref="13"/>
  </block>
  <block id="2" events="61" time-ns="2755177.239467162">
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <loop body="1" count="4"/>
   <loop body="0" count="9"/>
  </block>
  <block id="3" events="374" time-ns="17373729.5">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <loop body="2" count="5"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <loop body="1" count="4"/>
   <loop body="0" count="8"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
  </block>
  <dominant block="0" count="9" share="0.8415312613218711" iteration-ns="54351.43680297398"/>
 </class>
</signature>
