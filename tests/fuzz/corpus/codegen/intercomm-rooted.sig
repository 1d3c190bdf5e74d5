<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="MPICH Version:&#9;4.0.2" tracer="0.1.0">
  <arg>build/release/tests/irregular/intercomm</arg>
  <arg>-i</arg>
  <arg>300</arg>
  <arg>-p</arg>
  <arg>25</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="3" ratio="24.105263157894736" trace-length="2290" signature-length="95"/>
 <sites>
  <site id="0" module="/work/main/build/release/tests/irregular/intercomm" offset="4757" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="27"/>
  <site id="1" module="/work/main/build/release/tests/irregular/intercomm" offset="5315" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="42"/>
  <site id="2" module="/work/main/build/release/tests/irregular/intercomm" offset="5361" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="43"/>
  <site id="3" module="/work/main/build/release/tests/irregular/intercomm" offset="5563" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="4" module="/work/main/build/release/tests/irregular/intercomm" offset="6317" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="62"/>
  <site id="5" module="/work/main/build/release/tests/irregular/intercomm" offset="6359" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="63"/>
  <site id="6" module="/work/main/build/release/tests/irregular/intercomm" offset="6379" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="64"/>
  <site id="7" module="/work/main/build/release/tests/irregular/intercomm" offset="5878" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="70"/>
  <site id="8" module="/work/main/build/release/tests/irregular/intercomm" offset="6610" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="77"/>
  <site id="9" module="/work/main/build/release/tests/irregular/intercomm" offset="6665" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="78"/>
  <site id="10" module="/work/main/build/release/tests/irregular/intercomm" offset="6793" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="81"/>
  <site id="11" module="/work/main/build/release/tests/irregular/intercomm" offset="6808" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="82"/>
  <site id="12" module="/work/main/build/release/tests/irregular/intercomm" offset="7063" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="84"/>
  <site id="13" module="/work/main/build/release/tests/irregular/intercomm" offset="6916" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="85"/>
  <site id="14" module="/work/main/build/release/tests/irregular/intercomm" offset="6493" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="73"/>
  <site id="15" module="/work/main/build/release/tests/irregular/intercomm" offset="5993" function="irr_clock" file="/work/main/tests/e2e/irregular/common.h" line="36"/>
  <site id="16" module="/work/main/build/release/tests/irregular/intercomm" offset="6030" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="90"/>
  <site id="17" module="/work/main/build/release/tests/irregular/intercomm" offset="6082" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="92"/>
  <site id="18" module="/work/main/build/release/tests/irregular/intercomm" offset="6090" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="93"/>
  <site id="19" module="/work/main/build/release/tests/irregular/intercomm" offset="6103" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="94"/>
  <site id="20" module="/work/main/build/release/tests/irregular/intercomm" offset="6113" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="95"/>
  <site id="21" module="/work/main/build/release/tests/irregular/intercomm" offset="6182" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="104"/>
  <site id="22" module="/work/main/build/release/tests/irregular/intercomm" offset="6429" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="67"/>
  <site id="23" module="/work/main/build/release/tests/irregular/intercomm" offset="6469" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="68"/>
  <site id="24" module="/work/main/build/release/tests/irregular/intercomm" offset="6873" function="main" file="/work/main/tests/e2e/irregular/intercomm.c" line="84"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="4423066830253452347" created-by="MPI_Comm_split" parent-slot="0" members="0"/>
  <comm id="2" gid="5232202653725393047" created-by="MPI_Intercomm_create" parent-slot="2" inter="1" members="0" remote="1"/>
  <comm id="3" gid="1292832255972218122" created-by="MPI_Intercomm_merge" parent-slot="3" members="0 1"/>
  <comm id="4" gid="4464842553517760158" created-by="MPI_Comm_split" parent-slot="0" members="1"/>
  <comm id="5" gid="4284109217381932910" created-by="MPI_Intercomm_create" parent-slot="2" inter="1" members="1" remote="0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="1295" time-ns="81135103" compute-ns="13202449" mpi-ns="57439160" per-event-ns="181" comms="0 - 1 2 3"/>
  <rank id="1" class="1" events="995" time-ns="80905196" compute-ns="13565403" mpi-ns="58486946" per-event-ns="195" comms="0 - 4 5 3"/>
 </ranks>
 <class id="0" ranks="0" program="2" events="1295" length="50" time-ns="81135103">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="17542" max="17542" shift="181"/>
   <duration min="53672232" max="53672232"/>
  </symbol>
  <symbol id="1" call="MPI_Comm_split" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="42780" max="42780" shift="181"/>
   <compute-cpu min="39774" max="39774" shift="181"/>
   <duration min="130370" max="130370"/>
  </symbol>
  <symbol id="2" call="MPI_Intercomm_create" comm="2" newcomm="3" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="26028" min="26028" max="26028" shift="181" buckets="728:1"/>
   <compute-cpu min="23884" max="23884" shift="181"/>
   <duration min="10740" max="10740"/>
  </symbol>
  <symbol id="3" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="7223" max="7223" shift="181"/>
   <duration min="12363" max="12363"/>
  </symbol>
  <symbol id="4" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="3" occurrences="1">
   <peer kind="abs" value="0"/>
   <side role="member" events="1" count="1024" bytes="1024"/>
   <compute min="46346" max="46346" shift="181"/>
   <compute-cpu min="44332" max="44332" shift="181"/>
   <duration min="8707" max="8707"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="3" tag="2" dtsize="1" site="5" prev-site="4" occurrences="300">
   <peer kind="abs" value="0"/>
   <side role="member" events="300" count="1024" bytes="1024"/>
   <compute mean="260.66" min="0" max="23323" shift="181" zeros="20" buckets="162:9 212:11 243:13 259:7 262:3 275:7 279:2 290:9 295:1 303:6 305:5 310:13 318:10 326:10 334:8 342:7 350:7 354:4 358:7 362:8 366:11 370:6 374:5 378:12 382:5 386:7 390:2 394:3 396:2 398:3 400:1 401:1 402:2 403:5 405:1 406:3 408:2 410:7 412:6 414:1 415:1 417:5 419:3 421:3 423:1 425:1 429:4 431:1 433:1 437:2 439:2 441:2 443:2 445:3 449:1 450:1 451:1 452:1 454:1 456:2 457:2 459:1 472:1 477:1 487:2 501:1 507:1 720:1"/>
   <compute-cpu mean="256.29" min="0" max="21790" shift="181" zeros="20" buckets="162:9 212:11 243:13 259:7 262:3 275:7 279:2 290:9 295:1 303:6 305:5 310:13 318:10 326:10 334:8 342:7 350:7 354:4 358:7 362:8 366:11 370:6 374:5 378:12 382:5 386:7 390:2 394:3 396:2 398:3 400:1 401:1 402:2 403:5 405:1 406:3 408:2 410:7 412:6 414:1 415:1 417:5 419:3 421:3 423:1 425:1 429:4 431:1 433:1 437:2 439:2 441:2 443:2 445:3 449:1 450:1 451:1 452:1 454:1 456:2 457:2 459:1 472:1 477:1 487:2 501:1 507:1 716:1"/>
   <duration mean="275.2133333333333" min="49" max="8816" buckets="276:1 278:8 293:15 295:2 304:4 312:1 320:3 328:6 335:7 336:2 343:6 344:2 350:7 351:3 354:9 355:3 358:8 362:8 366:11 370:15 374:7 378:13 382:18 385:4 386:3 389:6 390:3 393:2 394:5 397:3 398:6 400:8 402:6 404:9 406:10 408:5 410:3 412:9 414:2 416:3 418:3 420:5 422:2 424:5 430:2 432:4 434:1 437:1 438:1 440:1 443:1 445:3 447:3 451:1 453:2 454:1 456:2 457:1 458:2 460:1 462:1 465:1 467:1 469:1 471:1 473:1 474:2 483:1 488:1 503:1 653:1"/>
  </symbol>
  <symbol id="6" call="MPI_Waitall" comm="0" site="6" prev-site="5" occurrences="300">
   <side role="member" events="300" count="0"/>
   <link dist="2" index="0" call="MPI_Isend"/>
   <link dist="1" index="1" call="MPI_Irecv"/>
   <compute mean="27.446666666666665" min="0" max="2284" shift="181" zeros="228" buckets="162:7 212:4 243:2 259:4 262:3 275:3 279:5 290:4 295:7 303:1 305:1 310:7 318:4 334:3 342:3 354:5 358:2 362:1 370:1 394:1 401:1 431:1 433:1 556:1"/>
   <duration mean="5063.626666666667" min="511" max="172433" buckets="449:1 455:1 458:1 470:1 471:4 473:1 474:2 476:1 477:1 480:3 481:1 483:1 485:1 486:1 488:1 489:3 490:1 491:3 493:2 494:1 495:1 496:1 497:2 500:2 501:1 502:1 503:2 504:5 505:2 506:3 507:1 508:1 509:3 510:3 511:5 513:7 514:2 515:1 516:5 518:5 519:2 520:2 521:4 522:2 524:1 525:2 526:1 527:3 528:2 530:1 531:2 532:1 533:2 536:2 537:3 538:1 541:1 543:1 544:1 545:1 546:4 547:1 548:1 549:1 550:2 551:1 552:2 553:1 555:3 556:1 557:5 558:2 559:3 560:1 561:1 562:2 563:2 565:4 566:1 567:1 568:1 569:1 570:2 572:2 573:2 574:1 575:1 576:1 577:1 579:1 580:1 582:1 584:2 586:2 590:1 591:3 592:1 593:2 594:1 595:1 596:1 597:1 598:3 599:2 600:3 601:3 602:4 603:2 605:2 606:5 607:2 608:1 609:3 610:3 611:2 613:2 614:4 616:2 617:3 618:4 619:2 620:3 622:1 625:1 628:1 629:3 630:1 631:1 633:3 634:4 636:2 637:1 643:1 645:1 646:2 647:1 650:2 653:1 654:1 661:2 662:1 664:1 666:1 668:1 671:3 672:2 673:1 680:1 686:1 693:1 696:1 700:1 702:1 706:1 707:1 708:1 709:1 714:1 718:2 722:1 742:1 762:1 811:1 865:1"/>
  </symbol>
  <symbol id="7" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="7" prev-site="6" occurrences="300">
   <side role="member" events="300" count="1" bytes="8" rbytes="8"/>
   <compute mean="190.9" min="0" max="3145" shift="181" zeros="36" buckets="212:1 243:1 259:3 275:1 279:4 290:2 295:4 303:5 305:3 310:14 318:11 326:11 334:12 342:12 350:11 354:18 358:10 362:8 366:12 370:12 374:5 378:6 382:10 386:2 390:11 394:5 396:1 398:4 400:1 401:6 403:6 404:1 405:2 406:1 408:3 410:3 411:1 412:6 414:3 415:2 417:1 419:2 421:1 425:2 427:2 431:1 433:2 435:2 437:1 443:1 449:1 454:2 455:2 458:1 462:1 469:1 475:1 476:1 481:1 485:1 493:1 499:1 577:1"/>
   <duration mean="257.04333333333335" min="50" max="5931" buckets="278:3 293:17 295:2 304:9 312:1 328:1 335:2 343:5 344:3 350:8 351:3 354:15 355:5 358:20 362:14 366:14 370:10 374:10 378:13 382:4 385:4 386:3 389:7 390:3 393:5 394:3 397:9 398:4 400:5 402:4 404:11 406:6 408:4 410:4 412:7 414:6 416:4 418:5 420:1 422:2 426:3 428:6 430:3 432:2 434:1 436:2 438:2 440:1 441:2 443:2 445:2 447:1 449:1 450:2 452:2 456:2 458:1 459:1 460:1 462:2 465:2 474:1 498:1 622:1"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="7" occurrences="276">
   <peer kind="abs" value="0"/>
   <side role="member" events="276" count="1024" bytes="1024"/>
   <compute mean="42311.65217391304" min="39754" max="97302" shift="181" buckets="760:22 761:93 762:107 763:31 764:7 765:1 774:1 788:1 794:1 795:1 797:1 803:1 804:1 806:1 807:1 808:1 809:1 810:1 813:1 823:1 824:1"/>
   <compute-cpu mean="40798.764492753624" min="18604" max="94937" shift="181" buckets="706:1 759:107 760:144 761:8 762:1 763:1 773:1 787:1 792:1 793:1 794:1 802:1 805:1 806:2 808:2 812:2 822:1"/>
   <duration mean="2111.481884057971" min="150" max="31259" buckets="358:2 362:4 370:2 382:2 397:1 398:1 400:1 402:1 406:1 408:3 412:2 414:1 416:1 418:2 420:1 422:2 428:2 430:1 440:1 441:2 445:1 447:1 450:2 452:1 453:1 454:1 455:1 457:1 458:4 459:1 460:1 461:1 463:1 464:3 465:2 466:2 467:5 468:1 469:4 470:2 471:3 472:1 473:1 475:1 476:5 477:5 478:3 479:2 480:1 481:2 482:1 483:3 484:1 485:4 486:4 487:4 488:3 489:4 490:1 491:4 492:2 494:1 495:4 496:6 497:2 498:1 499:4 500:3 501:6 502:5 503:2 504:2 505:4 506:3 507:6 508:4 509:3 510:3 511:2 512:3 513:2 514:4 515:5 516:2 517:1 518:4 519:1 521:1 523:2 525:1 528:1 529:2 533:1 536:1 539:1 540:1 546:1 548:1 553:1 578:1 589:1 590:1 594:1 596:1 597:1 598:2 599:1 601:2 603:3 604:1 606:2 607:1 608:1 609:4 611:1 613:3 615:2 617:1 620:1 623:2 625:1 628:1 629:1 630:1 632:1 641:1 642:1 650:2 656:1 657:1 658:3 659:1 663:1 666:1 675:1 682:2 698:1 745:1"/>
  </symbol>
  <symbol id="9" call="MPI_Allreduce" comm="3" dtsize="8" op="MPI_SUM" site="8" prev-site="7" occurrences="12">
   <side role="member" events="12" count="1" bytes="8" rbytes="8"/>
   <compute mean="12.416666666666666" min="0" max="89" shift="181" zeros="10" buckets="295:1 318:1"/>
   <duration mean="7718.916666666667" min="3997" max="23615" buckets="597:1 605:1 620:1 622:1 624:1 626:1 628:1 631:2 633:1 659:1 722:1"/>
  </symbol>
  <symbol id="10" call="MPI_Allgather" comm="3" dtsize="8" site="9" prev-site="8" occurrences="12">
   <side role="member" events="12" count="2" bytes="16" rbytes="8"/>
   <compute mean="763.1666666666666" min="0" max="3866" shift="181" zeros="1" buckets="303:1 370:1 374:1 378:1 382:1 402:1 412:1 506:1 511:1 520:1 594:1"/>
   <duration mean="4290.666666666667" min="2906" max="8957" buckets="570:1 578:1 583:1 584:2 592:1 596:1 599:1 600:1 601:1 622:1 654:1"/>
  </symbol>
  <symbol id="11" call="MPI_Ialltoall" comm="3" dtsize="8" site="10" prev-site="9" occurrences="12">
   <side role="member" events="12" count="1" bytes="8" rbytes="8"/>
   <compute mean="306.5833333333333" min="0" max="1823" shift="181" zeros="1" buckets="262:1 303:1 310:1 318:1 350:1 362:1 394:1 403:1 414:1 439:1 538:1"/>
   <duration mean="4771.25" min="1543" max="18825" buckets="525:1 567:1 580:1 583:1 584:1 587:1 589:2 598:1 602:1 607:1 707:1"/>
  </symbol>
  <symbol id="12" call="MPI_Wait" comm="0" site="11" prev-site="10" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Ialltoall"/>
   <compute mean="436.5" min="0" max="2664" shift="181" zeros="1" buckets="279:1 326:1 342:1 354:1 390:1 394:1 406:1 431:1 443:1 449:1 565:1"/>
   <duration mean="2216.6666666666665" min="1634" max="4589" buckets="529:1 530:1 531:1 534:1 538:1 545:1 550:1 551:1 558:2 562:1 606:1"/>
  </symbol>
  <symbol id="13" call="MPI_Bcast" comm="3" dtsize="8" site="12" prev-site="11" occurrences="12">
   <root kind="root"/>
   <side role="member" events="12" count="2" bytes="16"/>
   <compute mean="317.9166666666667" min="0" max="1592" shift="181" zeros="1" buckets="212:1 354:1 358:1 378:1 382:1 398:1 403:1 404:1 406:1 431:1 527:1"/>
   <duration mean="994.5" min="160" max="5581" buckets="362:1 438:1 445:1 453:1 457:1 460:1 462:2 465:1 471:1 478:1 618:1"/>
  </symbol>
  <symbol id="14" call="MPI_Reduce" comm="3" dtsize="8" op="MPI_SUM" site="13" prev-site="12" occurrences="12">
   <root kind="abs" value="0"/>
   <side role="member" events="12" count="1" bytes="8"/>
   <compute mean="200.58333333333334" min="0" max="1933" shift="181" zeros="2" buckets="162:2 212:2 243:2 295:1 342:1 370:1 544:1"/>
   <duration mean="5517.75" min="781" max="39013" buckets="476:1 505:1 507:1 509:1 511:1 512:1 528:1 539:1 541:1 556:1 677:1 759:1"/>
  </symbol>
  <symbol id="15" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="13" occurrences="12">
   <peer kind="abs" value="0"/>
   <side role="member" events="12" count="1024" bytes="1024"/>
   <compute mean="42840.5" min="39915" max="64010" shift="181" buckets="761:3 762:5 763:2 765:1 797:1"/>
   <compute-cpu mean="41241.75" min="38973" max="61946" shift="181" buckets="759:3 760:7 761:1 794:1"/>
   <duration mean="6357.75" min="350" max="18855" buckets="418:1 486:1 494:1 503:1 536:1 539:1 606:1 638:1 649:1 690:1 695:1 707:1"/>
  </symbol>
  <symbol id="16" call="MPI_Barrier" comm="3" site="14" prev-site="7" occurrences="12">
   <side role="member" events="12" count="0"/>
   <compute mean="29.166666666666668" min="0" max="260" shift="181" zeros="9" buckets="162:1 310:1 401:1"/>
   <duration mean="4307.25" min="2304" max="6321" buckets="556:1 577:1 581:1 593:1 599:1 600:1 604:1 605:1 606:1 609:1 622:1 627:1"/>
  </symbol>
  <symbol id="17" call="MPI_Isend" comm="3" tag="1" dtsize="1" site="4" prev-site="14" occurrences="11">
   <peer kind="abs" value="0"/>
   <side role="member" events="11" count="1024" bytes="1024"/>
   <compute mean="43161.181818181816" min="39864" max="66053" shift="181" buckets="761:4 762:4 763:1 766:1 800:1"/>
   <compute-cpu mean="41885.09090909091" min="38973" max="64550" shift="181" buckets="759:3 760:5 761:1 764:1 798:1"/>
   <duration mean="1589.3636363636363" min="401" max="4448" buckets="428:1 472:1 491:1 492:1 497:1 499:1 506:1 515:1 523:1 597:1 604:1"/>
  </symbol>
  <symbol id="18" call="MPI_Barrier" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="29" min="29" max="29" shift="181" buckets="243:1"/>
   <duration min="3347" max="3347"/>
  </symbol>
  <symbol id="19" call="MPI_Intercomm_merge" comm="3" newcomm="4" site="16" prev-site="15" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="17001" max="17001" shift="181"/>
   <duration min="878659" max="878659"/>
  </symbol>
  <symbol id="20" call="MPI_Allreduce" comm="4" dtsize="8" op="MPI_SUM" site="17" prev-site="16" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="22607" max="22607" shift="181"/>
   <compute-cpu min="18905" max="18905" shift="181"/>
   <duration min="3787" max="3787"/>
  </symbol>
  <symbol id="21" call="MPI_Comm_free" comm="4" site="18" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5169" max="5169" shift="181"/>
   <duration min="3847" max="3847"/>
  </symbol>
  <symbol id="22" call="MPI_Comm_free" comm="3" site="19" prev-site="18" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="851" max="851" shift="181"/>
   <duration min="1082" max="1082"/>
  </symbol>
  <symbol id="23" call="MPI_Comm_free" comm="2" site="20" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="430" max="430" shift="181"/>
   <duration min="912" max="912"/>
  </symbol>
  <symbol id="24" call="MPI_Finalize" comm="0" site="21" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="195816" max="195816" shift="181"/>
   <compute-cpu min="75622" max="75622" shift="181"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="0" events="4" time-ns="50498.02405797101">
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
  </block>
  <block id="1" events="107" time-ns="1299436.462121212">
   <loop body="0" count="12"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <loop body="0" count="11"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="16"/>
   <s ref="17"/>
  </block>
  <block id="2" events="1295" time-ns="16984122.999999996">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <loop body="1" count="11"/>
   <loop body="0" count="12"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <loop body="0" count="11"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="16"/>
   <s ref="18"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="22"/>
   <s ref="23"/>
   <s ref="24"/>
  </block>
  <dominant block="1" count="11" share="0.8415978313000522" iteration-ns="1299436.462121212"/>
 </class>
 <class id="1" ranks="1" program="5" events="995" length="45" time-ns="80905196">
  <symbol id="25" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="10195" max="10195" shift="195"/>
   <duration min="53578956" max="53578956"/>
  </symbol>
  <symbol id="26" call="MPI_Comm_split" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="26665" min="26665" max="26665" shift="195" buckets="730:1"/>
   <compute-cpu mean="21066" min="21066" max="21066" shift="195" buckets="713:1"/>
   <duration min="1748671" max="1748671"/>
  </symbol>
  <symbol id="27" call="MPI_Intercomm_create" comm="2" newcomm="3" site="2" prev-site="1" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="27586" min="27586" max="27586" shift="195" buckets="733:1"/>
   <compute-cpu min="25172" max="25172" shift="195"/>
   <duration min="13185" max="13185"/>
  </symbol>
  <symbol id="28" call="MPI_Barrier" comm="0" site="3" prev-site="2" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="5576" max="5576" shift="195"/>
   <duration min="12634" max="12634"/>
  </symbol>
  <symbol id="29" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="22" prev-site="3" occurrences="1">
   <peer kind="any"/>
   <side role="member" events="1" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="48386" min="48386" max="48386" shift="195" buckets="774:1"/>
   <compute-cpu min="46262" max="46262" shift="195"/>
   <duration min="7714" max="7714"/>
  </symbol>
  <symbol id="30" call="MPI_Send" comm="3" tag="2" dtsize="1" site="23" prev-site="22" occurrences="300">
   <peer kind="reply"/>
   <reply-alt kind="abs" value="0"/>
   <side role="member" events="300" count="1024" bytes="1024"/>
   <compute mean="180.11" min="0" max="12168" shift="195" zeros="32" buckets="125:9 200:14 225:5 231:4 253:10 257:4 268:7 273:3 285:12 289:4 300:9 307:11 315:17 323:9 331:12 339:17 347:10 352:6 356:9 360:9 364:6 368:6 372:5 376:5 380:4 384:4 388:2 392:2 394:1 396:3 400:5 402:4 403:5 405:1 408:1 409:1 411:1 412:2 414:1 416:3 418:2 420:2 425:1 426:1 430:1 446:1 448:2 451:2 452:1 454:2 456:1 457:1 461:1 462:1 463:1 464:1 471:1 493:1 503:1 674:1"/>
   <duration mean="2659.21" min="361" max="163366" buckets="420:1 430:1 437:1 438:1 439:1 440:2 441:1 443:3 445:1 447:1 449:1 450:1 452:2 453:4 454:3 455:1 456:1 457:1 459:2 460:5 461:2 462:1 463:2 464:3 465:1 466:5 468:1 469:4 470:6 471:6 472:3 473:4 474:5 475:4 476:3 477:3 478:4 479:3 480:7 481:5 482:8 483:5 484:5 485:2 486:2 487:5 488:3 489:4 490:3 491:6 492:5 493:1 494:2 495:1 496:2 497:5 498:2 499:1 500:6 501:4 502:8 503:4 504:2 505:6 506:3 507:1 508:4 509:4 510:1 512:2 513:5 514:2 516:3 517:1 518:2 521:2 523:1 524:1 525:2 526:1 527:1 531:1 536:1 540:1 545:1 581:1 595:1 596:1 597:2 598:1 600:1 602:1 603:1 604:3 606:1 607:3 608:2 609:1 610:1 611:2 612:2 613:2 614:1 621:2 622:2 623:4 625:2 627:2 630:1 632:1 634:2 637:1 640:1 642:2 643:1 651:2 653:2 658:1 668:1 675:1 683:1 685:1 688:1 693:1 694:1 701:1 862:1"/>
  </symbol>
  <symbol id="31" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="7" prev-site="23" occurrences="300">
   <side role="member" events="300" count="1" bytes="8" rbytes="8"/>
   <compute mean="22.06" min="0" max="2310" shift="195" zeros="241" buckets="125:4 200:10 225:5 231:1 253:2 257:2 268:1 273:3 285:1 300:3 307:5 315:1 323:5 331:4 352:2 356:2 372:1 376:3 388:1 392:1 396:1 556:1"/>
   <duration mean="293.2366666666667" min="90" max="11511" buckets="320:1 335:6 336:1 343:3 344:1 350:5 354:4 355:2 358:7 362:15 366:14 370:15 374:12 378:21 382:18 385:10 386:12 389:5 390:8 393:7 394:5 397:13 398:7 400:7 402:10 404:5 406:10 408:10 410:10 412:3 414:4 416:4 418:7 420:2 422:5 424:2 426:2 428:5 430:3 432:2 436:1 438:2 445:2 450:1 451:1 456:1 458:2 460:1 465:1 467:1 472:1 476:1 505:1 670:1"/>
  </symbol>
  <symbol id="32" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="22" prev-site="7" occurrences="276">
   <peer kind="any"/>
   <side role="member" events="276" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="44315.99637681159" min="40001" max="158592" shift="195" buckets="761:32 762:42 763:49 764:26 765:27 766:25 767:24 768:22 769:6 770:4 773:1 777:1 783:1 793:3 794:1 796:1 798:1 799:1 800:1 802:1 804:1 805:1 809:1 813:1 817:1 820:1 860:1"/>
   <compute-cpu mean="42327.913043478264" min="0" max="155947" shift="195" zeros="1" buckets="759:29 760:59 761:42 762:22 763:55 764:15 765:17 766:13 767:6 770:1 774:1 780:1 790:2 791:1 794:1 795:1 796:1 798:1 801:1 802:1 803:1 808:1 811:1 818:1 859:1"/>
   <duration mean="2999.677536231884" min="431" max="31739" buckets="434:1 440:1 441:1 443:1 445:2 446:2 447:4 449:2 451:1 453:3 454:1 455:1 456:2 457:2 458:6 459:2 460:5 461:3 462:3 463:1 464:3 465:1 466:1 467:3 468:1 469:3 470:5 471:3 472:3 473:3 474:1 475:2 476:3 477:1 479:2 480:1 481:2 482:3 483:2 484:4 485:2 486:3 487:6 489:1 490:1 491:2 492:3 493:1 494:2 495:1 496:2 497:4 498:2 500:3 501:4 502:2 503:2 504:2 505:1 506:4 507:4 508:1 509:2 510:4 511:4 512:3 514:1 515:2 516:2 518:3 519:1 520:2 521:3 522:1 523:1 524:3 526:1 528:3 531:1 534:1 536:1 537:3 538:2 540:1 541:1 542:1 543:1 544:1 546:1 547:1 549:1 550:3 551:1 552:1 554:2 556:1 557:1 558:2 560:1 561:1 563:2 564:1 571:1 574:1 575:1 576:1 577:1 579:1 584:1 586:1 589:1 590:1 597:1 600:1 601:1 606:1 607:1 610:1 611:1 612:1 613:1 616:1 618:1 619:1 621:1 623:2 625:2 630:1 633:1 639:1 642:1 643:1 650:1 653:1 654:2 655:1 656:2 658:1 659:1 660:1 663:1 666:1 669:1 672:1 674:1 678:1 680:1 681:1 682:1 683:1 685:1 686:1 691:1 698:1 700:1 704:1 705:1 707:1 710:1 711:1 713:1 746:1"/>
  </symbol>
  <symbol id="33" call="MPI_Allreduce" comm="3" dtsize="8" op="MPI_SUM" site="8" prev-site="7" occurrences="12">
   <side role="member" events="12" count="1" bytes="8" rbytes="8"/>
   <compute mean="2.6666666666666665" min="0" max="16" shift="195" zeros="10" buckets="200:2"/>
   <duration mean="10435.583333333334" min="4599" max="51126" buckets="606:2 619:1 622:1 623:1 624:1 627:1 629:1 633:1 656:1 674:1 778:1"/>
  </symbol>
  <symbol id="34" call="MPI_Allgather" comm="3" dtsize="8" site="9" prev-site="8" occurrences="12">
   <side role="member" events="12" count="1" bytes="8" rbytes="16"/>
   <compute mean="651.5833333333334" min="186" max="3743" shift="195" buckets="372:1 384:1 388:3 391:1 409:1 430:1 457:1 465:1 476:1 591:1"/>
   <duration mean="4447.333333333333" min="2735" max="9457" buckets="566:1 567:1 574:1 577:1 587:1 599:1 604:2 607:1 615:1 618:1 657:1"/>
  </symbol>
  <symbol id="35" call="MPI_Ialltoall" comm="3" dtsize="8" site="10" prev-site="9" occurrences="12">
   <side role="member" events="12" count="1" bytes="8" rbytes="8"/>
   <compute mean="772.6666666666666" min="0" max="6818" shift="195" zeros="1" buckets="125:1 273:1 323:1 347:1 372:1 400:2 444:2 450:1 633:1"/>
   <duration mean="4400" min="2044" max="14167" buckets="549:1 565:1 574:1 575:1 576:1 577:1 589:1 592:1 601:1 604:1 614:1 686:1"/>
  </symbol>
  <symbol id="36" call="MPI_Wait" comm="0" site="11" prev-site="10" occurrences="12">
   <side role="member" events="12" count="0"/>
   <link dist="1" index="0" call="MPI_Ialltoall"/>
   <compute mean="1595.0833333333333" min="336" max="12299" shift="195" buckets="414:1 422:1 428:1 442:1 455:1 456:1 457:1 475:1 478:1 493:1 495:1 675:1"/>
   <duration mean="6143.166666666667" min="1483" max="50304" buckets="522:1 530:1 532:1 546:1 547:1 552:1 553:1 555:1 559:1 567:1 568:1 776:1"/>
  </symbol>
  <symbol id="37" call="MPI_Bcast" comm="3" dtsize="8" site="24" prev-site="11" occurrences="12">
   <root kind="abs" value="0"/>
   <side role="member" events="12" count="2" rbytes="16"/>
   <compute mean="670.8333333333334" min="196" max="2520" shift="195" buckets="376:1 412:1 422:1 434:1 436:2 440:1 444:1 465:1 471:1 493:1 561:1"/>
   <duration mean="1106.0833333333333" min="731" max="2464" buckets="471:1 478:1 481:1 482:1 490:1 493:1 494:1 495:1 499:1 506:1 527:1 560:1"/>
  </symbol>
  <symbol id="38" call="MPI_Reduce" comm="3" dtsize="8" op="MPI_SUM" site="13" prev-site="24" occurrences="12">
   <root kind="root"/>
   <side role="member" events="12" count="1" bytes="8" rbytes="8"/>
   <compute mean="302" min="0" max="1468" shift="195" zeros="3" buckets="200:1 347:1 352:1 364:1 418:1 430:2 451:1 521:1"/>
   <duration mean="4573.75" min="1182" max="35347" buckets="507:1 508:1 511:1 513:2 514:1 516:2 521:1 535:1 623:1 753:1"/>
  </symbol>
  <symbol id="39" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="22" prev-site="13" occurrences="12">
   <peer kind="any"/>
   <side role="member" events="12" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="44223.166666666664" min="40381" max="62102" shift="195" buckets="761:1 763:1 764:2 765:4 766:1 767:1 769:1 795:1"/>
   <compute-cpu mean="42392.166666666664" min="39248" max="60399" shift="195" buckets="760:2 761:2 762:2 763:4 766:1 792:1"/>
   <duration mean="5883.583333333333" min="510" max="27111" buckets="449:1 467:1 492:1 497:1 540:1 569:1 581:1 586:1 616:1 618:1 704:1 732:1"/>
  </symbol>
  <symbol id="40" call="MPI_Barrier" comm="3" site="14" prev-site="7" occurrences="12">
   <side role="member" events="12" count="0"/>
   <compute mean="63.833333333333336" min="0" max="537" shift="195" zeros="8" buckets="200:1 273:1 364:1 452:1"/>
   <duration mean="4223.666666666667" min="2565" max="5740" buckets="562:1 572:1 581:1 591:1 596:1 602:1 603:1 604:1 606:1 611:1 617:1 620:1"/>
  </symbol>
  <symbol id="41" call="MPI_Recv" comm="3" tag="1" dtsize="1" site="22" prev-site="14" occurrences="11">
   <peer kind="any"/>
   <side role="member" events="11" count="1024" bytes="1024" rbytes="1024"/>
   <compute mean="44727.818181818184" min="40391" max="66169" shift="195" buckets="761:1 762:2 763:2 765:1 766:1 768:2 769:1 800:1"/>
   <compute-cpu mean="43049.27272727273" min="39169" max="64446" shift="195" buckets="760:4 761:1 763:2 765:1 766:2 798:1"/>
   <duration mean="1546.6363636363637" min="461" max="3947" buckets="440:1 457:1 471:1 491:1 504:1 512:1 521:1 523:1 533:1 580:1 596:1"/>
  </symbol>
  <symbol id="42" call="MPI_Barrier" comm="0" site="15" prev-site="14" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="0" max="0" shift="195"/>
   <duration min="4258" max="4258"/>
  </symbol>
  <symbol id="43" call="MPI_Intercomm_merge" comm="3" newcomm="4" site="16" prev-site="15" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="16666" max="16666" shift="195"/>
   <duration min="881775" max="881775"/>
  </symbol>
  <symbol id="44" call="MPI_Allreduce" comm="4" dtsize="8" op="MPI_SUM" site="17" prev-site="16" occurrences="1">
   <side role="member" events="1" count="1" bytes="8" rbytes="8"/>
   <compute min="13851" max="13851" shift="195"/>
   <duration min="9257" max="9257"/>
  </symbol>
  <symbol id="45" call="MPI_Comm_free" comm="4" site="18" prev-site="17" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="64747" min="64747" max="64747" shift="195" buckets="799:1"/>
   <compute-cpu min="61382" max="61382" shift="195"/>
   <duration min="2995" max="2995"/>
  </symbol>
  <symbol id="46" call="MPI_Comm_free" comm="3" site="19" prev-site="18" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="1238" min="1238" max="1238" shift="195" buckets="509:1"/>
   <duration min="1163" max="1163"/>
  </symbol>
  <symbol id="47" call="MPI_Comm_free" comm="2" site="20" prev-site="19" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute min="486" max="486" shift="195"/>
   <duration min="1122" max="1122"/>
  </symbol>
  <symbol id="48" call="MPI_Finalize" comm="0" site="21" prev-site="20" occurrences="1">
   <side role="member" events="1" count="0"/>
   <compute mean="2790" min="2790" max="2790" shift="195" buckets="567:1"/>
   <duration min="0" max="0"/>
  </symbol>
  <block id="3" events="3" time-ns="50470.29057971014">
   <s ref="30"/>
   <s ref="31"/>
   <s ref="32"/>
  </block>
  <block id="4" events="82" time-ns="1302895.3712121213">
   <loop body="3" count="12"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <loop body="3" count="11"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="40"/>
   <s ref="41"/>
  </block>
  <block id="5" events="995" time-ns="18489429.999999996">
   <s ref="25"/>
   <s ref="26"/>
   <s ref="27"/>
   <s ref="28"/>
   <s ref="29"/>
   <loop body="4" count="11"/>
   <loop body="3" count="12"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <loop body="3" count="11"/>
   <s ref="30"/>
   <s ref="31"/>
   <s ref="40"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="47"/>
   <s ref="48"/>
  </block>
  <dominant block="4" count="11" share="0.7751374208579355" iteration-ns="1302895.3712121213"/>
 </class>
</signature>
